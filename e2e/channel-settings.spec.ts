import { expect, test } from "@playwright/test";
import { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from "../tests/fakes/twilio.ts";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

// The Twilio fake runs for the whole suite at the operator's TWILIO_BASE_URL (e2e/provider-fakes.ts);
// it answers with a message SID only for this account and token, which the success report needs.
test("Twilio settings are saved with the token masked, a test SMS reaches the provider, and a bad number is explained", async ({
  page,
}) => {
  await page.goto("/dashboard/settings/channels");
  const sms = page.locator("form#sms-settings");
  await expect(page.getByText("Sending through: Outbox")).toHaveCount(3);
  // Where the provider is belongs to the operator: the team is offered no address field.
  await expect(page.getByLabel("API base URL")).toHaveCount(0);

  await sms.getByLabel("Account SID").fill(TWILIO_ACCOUNT_SID);
  await sms.getByLabel("From number").fill("0123");
  await sms.getByRole("button", { name: "Save" }).click();
  await expect(sms.getByText("Enter the number in international format, such as +14155550123")).toBeVisible();

  await sms.getByLabel("Auth token").fill(TWILIO_AUTH_TOKEN);
  await sms.getByLabel("From number").fill("+14155550100");
  await sms.getByLabel("Send this channel's campaigns through this provider").check();
  await sms.getByRole("button", { name: "Save" }).click();
  await expect(notifications(page).getByText("SMS (Twilio) settings saved")).toBeVisible();

  await expect(page.locator("form#sms-settings").getByText("Saved: ••••1e0f")).toBeVisible();
  await expect(page.locator("form#sms-settings").getByLabel("Auth token")).toHaveValue("");
  await expect(page.getByText("Sending through: SMS (Twilio)")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(TWILIO_AUTH_TOKEN);

  const testForm = page.locator("form#sms-test");
  await testForm.getByLabel("Send to").fill("+14155550123");
  await testForm.getByRole("button", { name: "Send test message" }).click();
  await expect(page.locator("form#sms-test").getByRole("status")).toHaveText("Test message sent to +14155550123.");
});
