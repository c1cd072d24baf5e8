import { expect, type Page } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

/** A signed-in team with two contacts, one of them named after a harbour. */
export async function teamWithContacts(page: Page): Promise<string> {
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
