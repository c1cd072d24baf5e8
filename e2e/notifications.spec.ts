import { expect, type Page, test } from "@playwright/test";
import { csvFile, fileInput, openCsvTab } from "./csv-helpers.ts";
import { notifications as toasts } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// The bell in the top bar, its panel and page, and the Preferences that decide
// what reaches it. With JavaScript the count arrives live over server-sent events;
// without it, each page load brings it.

const bell = (page: Page) => page.getByTestId("notifications-menu");
const unreadBadge = (page: Page) => bell(page).getByTestId("unread-count");

async function importPioneers(page: Page) {
  await fileInput(page).setInputFiles(
    csvFile("pioneers.csv", "email,name\nada@example.com,Ada\ngrace@example.com,Grace\n"),
  );
  await page.getByRole("button", { name: "Import" }).click();
  await expect(toasts(page).getByText("2 contacts imported")).toBeVisible();
}

test("a finished import rings the bell; the panel links to it and marks all read", async ({
  page,
  javaScriptEnabled,
}) => {
  await openCsvTab(page);
  await expect(unreadBadge(page)).toHaveCount(0);

  await importPioneers(page);
  // With JavaScript the count comes live, on the same page; without, on the page the form lands on, and any later one.
  if (!javaScriptEnabled) await page.reload();
  await expect(unreadBadge(page)).toHaveText("1");

  await bell(page).locator("summary").click();
  const link = bell(page).getByRole("link", { name: /The import of pioneers\.csv finished/ });
  await expect(link).toHaveAttribute("href", /^\/dashboard\/imports\/[0-9a-f-]+$/);
  await link.click();
  await expect(page.getByRole("heading", { name: "Import result" })).toBeVisible();

  await bell(page).locator("summary").click();
  await bell(page).getByRole("button", { name: "Mark all as read" }).click();
  await expect(toasts(page).getByText("All notifications are marked as read.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/imports\//);
  await expect(unreadBadge(page)).toHaveCount(0);

  await bell(page).locator("summary").click();
  await bell(page).getByRole("link", { name: "See all" }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /The import of pioneers\.csv finished/ })).toBeVisible();
});

test("one notification is marked read from the notifications page", async ({ page }) => {
  await openCsvTab(page);
  await importPioneers(page);
  await page.goto("/dashboard/notifications");
  await page.getByRole("button", { name: 'Mark "The import of pioneers.csv finished" as read' }).click();
  await expect(toasts(page).getByText("Marked as read.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Mark .* as read/ })).toHaveCount(0);
  await expect(unreadBadge(page)).toHaveCount(0);
});

test("Preferences, from the account menu: a kind turned off no longer arrives, and the theme is saved", async ({
  page,
  javaScriptEnabled,
}) => {
  await openCsvTab(page);
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("link", { name: "Preferences" }).click();
  await expect(page.getByRole("heading", { name: "Preferences", level: 1 })).toBeVisible();

  const importKind = page.getByRole("checkbox", { name: "An import finished or failed" });
  await expect(importKind).toBeChecked();
  await importKind.uncheck();
  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toasts(page).getByText("Your preferences are saved.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "An import finished or failed" })).not.toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Toasts in the page's theme: with JavaScript they are Sonner's, which is light unless told.
  if (javaScriptEnabled)
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-sonner-theme", "dark");

  await page.goto("/dashboard/segments?tab=csv");
  await importPioneers(page);
  await page.goto("/dashboard/notifications");
  await expect(page.getByRole("main").getByText("No notifications yet")).toBeVisible();
  await expect(unreadBadge(page)).toHaveCount(0);
});

test("the account menu's Profile opens the profile page, and the top bar's theme toggle switches the theme", async ({
  page,
}) => {
  await signInWithSessionRow(page);
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page).toHaveURL("/dashboard/account");
});
