import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

/** Signs a new person in with one imported contact, and opens that contact's page. */
async function openNewContact(page: Page): Promise<{ email: string }> {
  await signInWithSessionRow(page);
  const email = `privacy-${crypto.randomUUID()}@example.com`;
  const imported = await page.request.post("/api/contacts/import", {
    data: { contacts: [{ name: "Robin Private", email, phone: "+14155550142" }] },
  });
  expect(imported.status()).toBe(200);
  const listed = await page.request.get(`/api/contacts?search=${encodeURIComponent(email)}`);
  const [contact] = ((await listed.json()) as { data: { id: string }[] }).data;
  await page.goto(`/dashboard/contacts/${contact!.id}`);
  await expect(page.getByRole("heading", { name: "Robin Private" })).toBeVisible();
  return { email };
}

test.describe("a contact's privacy controls", () => {
  test("Export data downloads the contact's data as JSON", async ({ page }) => {
    const { email } = await openNewContact(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contact-[0-9a-f-]+\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      data: { contact: { fields: { name: string; email: string; phone: string } }; events: unknown[] };
    };
    expect(exported.data.contact.fields).toMatchObject({ name: "Robin Private", email, phone: "+14155550142" });
    expect(exported.data.events).toEqual([]);
  });

  test("Delete contact asks first, then erases the contact: gone from the list and from search", async ({ page }) => {
    const { email } = await openNewContact(page);
    await page.getByRole("link", { name: "Delete contact" }).click();
    await expect(page.getByText("Delete this contact and erase their data?")).toBeVisible();
    await page.getByRole("button", { name: "Delete contact" }).click();

    await expect(page).toHaveURL(/\/dashboard\/contacts$/);
    await expect(notifications(page).getByText("Contact deleted")).toBeVisible();
    await page.goto(`/dashboard/contacts?search=${encodeURIComponent(email)}`);
    await expect(page.getByText("No contacts match your filters.")).toBeVisible();
    await expect(page.getByText("Robin Private")).toHaveCount(0);
  });
});

test.describe("erasing a segment's contacts", () => {
  test("asks for the segment's name, then the progress page follows the worker to the end", async ({ page }) => {
    await signInWithSessionRow(page);
    const name = `Erase ${crypto.randomUUID().slice(0, 8)}`;
    const emails = [1, 2, 3].map((n) => `bulk-${n}-${crypto.randomUUID()}@example.com`);
    const imported = await page.request.post("/api/contacts/import", {
      data: { contacts: emails.map((email) => ({ name: "Bulk Erased", email })), segmentName: name },
    });
    expect(imported.status()).toBe(200);

    await page.goto("/dashboard/segments");
    await page.getByRole("link", { name: `Erase contacts of ${name}` }).click();
    await expect(page.getByText("Erase all 3 contacts of this segment?")).toBeVisible();
    const confirm = page.getByLabel(`Type ${name} to confirm`);
    await confirm.fill("not the name");
    await page.getByRole("button", { name: "Erase contacts" }).click();
    await expect(page.getByText(`Type the segment's name, ${name}, to confirm`).first()).toBeVisible();

    await page.getByLabel(`Type ${name} to confirm`).fill(name);
    await page.getByRole("button", { name: "Erase contacts" }).click();
    await expect(page).toHaveURL(/\/dashboard\/segments\/erasures\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: `Erasing the contacts of ${name}` })).toBeVisible();
    // The page reloads itself while the worker erases; no click needed, with or without JavaScript.
    await expect(page.getByText("3 of 3 contacts erased")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Completed")).toBeVisible();

    const listed = await page.request.get(`/api/contacts?search=bulk-`);
    const found = ((await listed.json()) as { data: { email: string }[] }).data.map((c) => c.email);
    expect(found.filter((email) => emails.includes(email))).toEqual([]);
  });
});
