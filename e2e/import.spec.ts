import { expect, test } from "@playwright/test";
import { csvFile, fileInput, openCsvTab } from "./csv-helpers.ts";
import { notifications } from "./helpers.ts";

// The CSV Upload tab of the Segments page. With JavaScript the browser reads,
// maps and previews the file and sends it in chunks; without it the form posts
// the file and the server streams it. Both end with the same contacts.

test("imports a CSV, then its contacts are on the Contacts page", async ({ page, javaScriptEnabled }) => {
  await openCsvTab(page);
  const csv =
    'Full Name,Email Address,Mobile\n"Lovelace, Ada",ada@example.com,+44 20 7946 0958\n<b>Grace</b>,grace@example.com,\n';

  await page.getByLabel("Segment name (optional)").fill("Pioneers");
  await fileInput(page).setInputFiles(csvFile("pioneers.csv", csv));
  if (javaScriptEnabled) {
    await expect(page.getByRole("combobox", { name: "Column Email Address" })).toHaveValue("email");
    await expect(page.getByRole("table").getByText("ada@example.com")).toBeVisible();
  }
  await page.getByRole("button", { name: "Import" }).click();

  await expect(notifications(page).getByText("Import complete")).toBeVisible();
  await expect(notifications(page).getByText("2 contacts imported")).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/dashboard\/imports\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { name: "Import result" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pioneers" })).toBeVisible();
  } else {
    await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
  }

  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("cell", { name: "ada@example.com", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Lovelace, Ada", exact: true })).toBeVisible();
  // A name with HTML in it shows as the text it is.
  await expect(page.getByRole("cell", { name: "<b>Grace</b>", exact: true })).toBeVisible();
});

test("reports skipped rows with their reasons", async ({ page, javaScriptEnabled }) => {
  await openCsvTab(page);
  await fileInput(page).setInputFiles(
    csvFile("mixed.csv", "email,name\nkim@example.com,Kim\nnot-an-email,Nobody\nKIM@example.com,Kim L.\n"),
  );
  await page.getByRole("button", { name: "Import" }).click();

  await expect(notifications(page).getByText("1 contact imported")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Invalid email" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Duplicate of row 2 in this file (merged)" })).toBeVisible();
  const download = page.getByRole("link", { name: "Download all skipped rows (CSV)" });
  await expect(download).toHaveAttribute("href", /^\/api\/imports\/[0-9a-f-]+\/skipped\.csv$/);
  if (javaScriptEnabled) return;
  const response = await page.request.get((await download.getAttribute("href"))!);
  expect(await response.text()).toContain("not-an-email,Invalid email");
});

test("a file without an email column says 'Missing email mapping' and imports nothing", async ({ page }) => {
  await openCsvTab(page);
  await fileInput(page).setInputFiles(csvFile("no-email.csv", "name,phone\nAda,+14155550100\n"));
  await page.getByRole("button", { name: "Import" }).click();

  await expect(notifications(page).getByText("Missing email mapping")).toBeVisible();
  await expect(notifications(page).getByText("Map an email column before importing.")).toBeVisible();
  await page.goto("/dashboard/contacts");
  await expect(page.getByText("No contacts match your filters.")).toBeVisible();
});

test("a file that is not a .csv is refused with 'Parse error'", async ({ page, javaScriptEnabled }) => {
  await openCsvTab(page);
  await fileInput(page).setInputFiles({
    name: "contacts.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("email\na@example.com\n"),
  });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Import" }).click();

  await expect(notifications(page).getByText("Parse error")).toBeVisible();
  await expect(page.getByRole("form").getByRole("alert")).toContainText("Choose a file whose name ends in .csv.");
});

test("the sample CSV can be downloaded", async ({ page, request }) => {
  await openCsvTab(page);
  const link = page.getByRole("link", { name: "Download sample CSV" });
  await expect(link).toHaveAttribute("href", "/sample-contacts.csv");
  const response = await request.get("/sample-contacts.csv");
  expect(response.status()).toBe(200);
  expect((await response.text()).split("\n")[0]).toBe("name,email,phone");
});

test("another team's import is not found", async ({ page }) => {
  await openCsvTab(page);
  const response = await page.goto("/dashboard/imports/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Import not found.")).toBeVisible();
});
