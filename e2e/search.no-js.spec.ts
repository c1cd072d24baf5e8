import { expect, type Page, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// The box is a GET form: without JavaScript, Enter sends it and the results come as a page.

/** A signed-in team with two contacts, one of them named after a harbour. */
async function teamWithContacts(page: Page): Promise<string> {
  await signInWithSessionRow(page);
  const tag = crypto.randomUUID().slice(0, 8);
  const contacts = [
    { name: "Ada Hárbour", email: `ada-${tag}@example.com` },
    { name: "Bob Quay", email: `bob-${tag}@example.com` },
  ];
  const response = await page.request.post("/api/contacts/import", { data: { contacts } });
  expect(response.status()).toBe(200);
  return tag;
}

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
