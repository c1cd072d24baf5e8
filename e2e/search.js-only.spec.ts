import { expect, test } from "@playwright/test";
import { teamWithContacts } from "./search-team.ts";

// With JavaScript the box is a combobox: results as you type, the keyboard, shortcuts.

test.describe("the top bar search with JavaScript", () => {
  test("with JavaScript results come as you type, and the keyboard leads to a contact", async ({ page }) => {
    await teamWithContacts(page);
    await page.goto("/dashboard");
    const box = page.getByRole("combobox", { name: "Search" });
    await expect(box).toBeVisible();

    // The shortcut is listened for once the page is hydrated: press until it is.
    await expect(async () => {
      await page.keyboard.press("ControlOrMeta+k");
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.type("harb");

    const results = page.getByRole("listbox", { name: "Search results" });
    await expect(results.getByRole("group", { name: "Contacts" }).getByRole("option")).toHaveText([/Ada Hárbour/]);
    await page.keyboard.type("ou");
    await expect(results.getByRole("option", { name: /Ada Hárbour/ })).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(results.getByRole("option", { name: /Ada Hárbour/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/contacts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Ada Hárbour" })).toBeVisible();
  });

  test("with JavaScript, '/' focuses the box, Escape closes the results, and pages are found too", async ({ page }) => {
    await teamWithContacts(page);
    await page.goto("/dashboard");
    const box = page.getByRole("combobox", { name: "Search" });
    await expect(box).toBeVisible();

    await expect(async () => {
      await page.locator("main").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("/");
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.type("twilio");
    const results = page.getByRole("listbox", { name: "Search results" });
    await expect(results.getByRole("group", { name: "Pages and settings" }).getByRole("option")).toHaveText([
      /Channel providers/,
    ]);

    await page.keyboard.press("Escape");
    await expect(results).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
  });
});
