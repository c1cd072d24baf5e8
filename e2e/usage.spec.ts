import { expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

test("the team menu's Usage shows the team's contacts and this month's figures", async ({ page }) => {
  await signInWithSessionRow(page);
  const contacts = [1, 2].map((i) => ({ name: `Reader ${i}`, email: `reader${i}@example.com`, phone: null }));
  expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);

  await page.getByTestId("team-menu").locator("summary").click();
  await page.getByRole("link", { name: "Usage" }).click();

  await expect(page).toHaveURL("/dashboard/settings/usage");
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  const contactsFigure = page.getByRole("definition").filter({ hasText: /^2$/ });
  await expect(contactsFigure).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Emails sent" })).toBeVisible();
  // The e2e server sets no MURMUR_LIMIT_*: every figure says so.
  await expect(page.getByText("No limit set")).toHaveCount(6);
  await expect(page.getByText("Storage is an estimate")).toBeVisible();
});
