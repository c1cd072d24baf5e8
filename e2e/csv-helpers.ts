import { expect, type Page } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

export function csvFile(name: string, text: string) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text) };
}

export async function openCsvTab(page: Page) {
  await signInWithSessionRow(page);
  await page.goto("/dashboard/segments?tab=csv");
  await expect(page.getByRole("heading", { name: "Import contacts from a CSV file" })).toBeVisible();
}

export function fileInput(page: Page) {
  return page.getByLabel("CSV file", { exact: true });
}
