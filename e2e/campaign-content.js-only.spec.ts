import { expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// With JavaScript the dialog shows only the chosen channel's fields and counts an SMS as it is typed.

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
  await page.goto("/dashboard/broadcasts/new");
  // The form is drawn anew in the modal once hydrated; type into that one.
  await expect(page.getByRole("dialog", { name: "Create New Campaign" })).toBeVisible();
});

test("the SMS counter follows the text as it is typed, across segments and encodings", async ({ page }) => {
  await page.getByLabel("Type").selectOption("SMS");
  const content = page.getByLabel("Content", { exact: true });
  const counter = page.getByTestId("sms-count");

  await expect(counter).toHaveText("SMS: 0/160 characters · 0 segments · GSM-7");
  await expect(content).toHaveAccessibleDescription("SMS: 0/160 characters · 0 segments · GSM-7");
  await content.fill("Hello [team]");
  await expect(counter).toHaveText("SMS: 14/160 characters · 1 segment · GSM-7, 146 left in this segment");
  await content.fill("a".repeat(161));
  await expect(counter).toHaveText("SMS: 161 characters · 2 segments · GSM-7, 145 left in this segment");
  await content.fill("Привет");
  await expect(counter).toHaveText("SMS: 6/70 characters · 1 segment · UCS-2, 64 left in this segment");
});

test("only the chosen channel's fields show, and switching keeps what was typed", async ({ page }) => {
  await expect(page.getByLabel("Email format")).toBeVisible();
  await expect(page.getByLabel("Template name")).toBeHidden();
  await expect(page.getByTestId("sms-count")).toBeHidden();

  await page.getByLabel("Content", { exact: true }).fill("Hello there");
  await page.getByLabel("Type").selectOption("WHATSAPP");
  await expect(page.getByLabel("Template name")).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Email format")).toBeHidden();

  await page.getByLabel("Type").selectOption("SMS");
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue("Hello there");
  await expect(page.getByTestId("sms-count")).toHaveText(
    "SMS: 11/160 characters · 1 segment · GSM-7, 149 left in this segment",
  );
  await expect(page.getByLabel("Template name")).toBeHidden();
});
