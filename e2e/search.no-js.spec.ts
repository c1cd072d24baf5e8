import { expect, test } from "@playwright/test";
import { teamWithContacts } from "./search-team.ts";

// The box is a GET form: without JavaScript, Enter sends it and the results come as a page.

test.describe("the top bar search without JavaScript", () => {
  test("without JavaScript the box sends a search page with the results grouped by kind", async ({ page }) => {
    await teamWithContacts(page);
    await page.goto("/dashboard");

    const box = page.getByRole("combobox", { name: "Search" });
    await box.fill("HARBOUR");
    await box.press("Enter");

    await expect(page).toHaveURL(/\/dashboard\/search\?q=HARBOUR$/);
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
    await page.getByRole("link", { name: /Ada Hárbour/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/contacts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Ada Hárbour" })).toBeVisible();
  });
});
