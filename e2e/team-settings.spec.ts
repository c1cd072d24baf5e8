import { expect, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

test("the team's time zone and postal address are saved, and campaign times are chosen and shown in that zone", async ({
  page,
}) => {
  await page.goto("/dashboard/settings");
  await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await page.getByLabel("Postal address").fill("Murmur Inc.\n1 Main Street\nSpringfield");
  await page.getByRole("button", { name: "Save team settings" }).click();

  await expect(notifications(page).getByText("Team settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(page.getByLabel("Postal address")).toHaveValue("Murmur Inc.\n1 Main Street\nSpringfield");

  await page.goto("/dashboard/broadcasts");
  await page.getByRole("link", { name: "Create Campaign" }).click();
  await expect(page.getByText("Create New Campaign")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Tokyo morning");
  // An email's preview tells which address its footer will carry.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText(
      "When sent, the footer adds your postal address (Murmur Inc., 1 Main Street, Springfield) and an unsubscribe link.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  const card = page.getByRole("article", { name: "Tokyo morning" });
  await card.getByRole("link", { name: "Pick a time" }).click();
  await expect(page.getByText("Asia/Tokyo", { exact: true })).toBeVisible();
  await page.getByLabel("Send at").fill("2099-01-31T09:30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(card).toContainText("Scheduled for Jan 31, 2099, 9:30 AM Asia/Tokyo");
});

test("a postal address that is too long is explained on its field", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await page.getByLabel("Postal address").fill("x".repeat(501));
  await page.getByRole("button", { name: "Save team settings" }).click();
  await expect(page.getByText("The postal address must be at most 500 characters")).toBeVisible();
});

test("Keep product events is forever for a new team; a number of months chosen is saved and shown", async ({
  page,
}) => {
  await page.goto("/dashboard/settings");
  await expect(page.getByLabel("Keep product events")).toHaveValue("forever");
  await page.getByLabel("Keep product events").selectOption({ label: "13 months" });
  await page.getByRole("button", { name: "Save team settings" }).click();

  await expect(notifications(page).getByText("Team settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Keep product events")).toHaveValue("13");
  await expect(page.getByText("Older events are deleted daily")).toBeVisible();
});
