import { expect, test } from "@playwright/test";
import { notifications, openNewCampaign } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

test("frequency caps and quiet hours are saved from Settings, and a mistake is explained on its row", async ({
  page,
}) => {
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "Manage frequency caps" }).click();
  await expect(page.getByRole("heading", { name: "Frequency caps and quiet hours" })).toBeVisible();

  await page.getByLabel("Rule 1: channel").selectOption("EMAIL");
  await page.getByLabel("At most (messages)").first().fill("0");
  await page.getByLabel("Per window of").first().fill("1");
  await page.getByRole("button", { name: "Save frequency settings" }).click();
  await expect(page.getByText("The number of messages must be at least 1")).toBeVisible();

  await page.getByLabel("At most (messages)").first().fill("1");
  await page.getByLabel("Rule 2: channel").selectOption("EMAIL");
  await page.getByLabel("At most (messages)").nth(1).fill("3");
  await page.getByLabel("Per window of").nth(1).fill("7");
  await page.getByLabel("SMS: quiet from").fill("21:00");
  await page.getByLabel("SMS: quiet until").fill("09:00");
  await page.getByLabel("Contact attribute with their time zone").fill("timezone");
  await page.getByRole("button", { name: "Save frequency settings" }).click();
  await expect(notifications(page).getByText("Frequency caps and quiet hours saved")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("At most (messages)").nth(1)).toHaveValue("3");
  await expect(page.getByLabel("Per window of").nth(1)).toHaveValue("7");
  await expect(page.getByLabel("SMS: quiet from")).toHaveValue("21:00");
  await expect(page.getByLabel("SMS: quiet until")).toHaveValue("09:00");
  await expect(page.getByLabel("Contact attribute with their time zone")).toHaveValue("timezone");
  // Two saved rules and two spare rows for more.
  await expect(page.getByTestId("cap-rule")).toHaveCount(4);
});

test("a campaign can be set to ignore frequency caps and quiet hours in its editor", async ({ page }) => {
  await openNewCampaign(page);
  await page.getByLabel("Name", { exact: true }).fill("Outage notice");
  await page.getByLabel("Ignore frequency caps and quiet hours").check();
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  const card = page.getByRole("article", { name: "Outage notice" });
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Ignore frequency caps and quiet hours")).toBeChecked();
});
