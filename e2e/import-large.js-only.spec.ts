// The browser's side of a large import: a file sent in chunks with a progress bar,
// a chunk whose answer is lost and that is sent again, Cancel, a refused chunk, and
// the limits checked before anything is sent. All of it exists only with JavaScript.
import { truncate, writeFile } from "node:fs/promises";
import { expect, type Page, type Request, test } from "@playwright/test";
import { csvFile, fileInput, openCsvTab } from "./csv-helpers.ts";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

const CHUNK_ROWS = 500;

// The page sends CHUNK_ROWS rows a request instead of 5,000 (app/components/csv-import/chunk-rows.ts),
// so a file of 3,000 rows crosses six requests.
test.beforeEach(async ({ page }) => {
  await page.addInitScript((rows) => Object.assign(window, { __murmurCsvChunkRows: rows }), CHUNK_ROWS);
});

/**
 * 3,000 rows: rows 50, 150, 250... have invalid emails (30 of them, 5 a chunk), and the last 20 rows
 * repeat emails of rows 980–999 in upper case, in a later chunk. 2,950 contacts.
 */
function largeCsv(): string {
  const lines = ["name,email"];
  for (let i = 0; i < 3_000; i++) {
    const email = i >= 2_980 ? `P${i - 2_000}@EXAMPLE.com` : i % 100 === 50 ? `not-an-email-${i}` : `p${i}@example.com`;
    lines.push(`Person ${i},${email}`);
  }
  return `${lines.join("\n")}\n`;
}

type ChunkBody = { chunkIndex?: number; cancel?: boolean; final?: boolean };

function chunkOf(request: Request): ChunkBody {
  return request.postDataJSON() as ChunkBody;
}

async function chooseLargeFile(page: Page) {
  await openCsvTab(page);
  await fileInput(page).setInputFiles(csvFile("large.csv", largeCsv()));
  await expect(page.getByRole("combobox", { name: "Column email" })).toHaveValue("email");
}

async function contactsTotal(page: Page): Promise<number> {
  const response = await page.request.get("/api/contacts?limit=1");
  return ((await response.json()) as { total: number }).total;
}

/** The figure under Imported, Updated or Skipped in the import's summary. */
function summaryFigure(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition")
    .first();
}

test("a chunk whose answer is lost is sent again and applied once; the totals are exact", async ({ page }) => {
  await chooseLargeFile(page);
  const attempts = new Map<number, number>();
  await page.route("**/api/contacts/import", async (route) => {
    const index = chunkOf(route.request()).chunkIndex ?? 0;
    attempts.set(index, (attempts.get(index) ?? 0) + 1);
    if (index === 2 && attempts.get(index) === 1) {
      // The server receives and applies the chunk; its answer never reaches the page.
      await route.fetch();
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  await page.getByRole("button", { name: "Import" }).click();
  // The page waits a second before sending the chunk again: the progress bar shows how far it got.
  const progress = page.getByRole("progressbar", { name: "Importing contacts..." });
  await expect(progress).toHaveAttribute("aria-valuenow", "1000");
  await expect(progress).toHaveAttribute("aria-valuetext", "1,000 of 3,000 rows sent");

  await expect(notifications(page).getByText("Import complete")).toBeVisible();
  await expect(notifications(page).getByText("2,950 contacts imported")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
  await expect(summaryFigure(page, "Imported")).toHaveText("2,950");
  await expect(summaryFigure(page, "Updated")).toHaveText("0");
  await expect(summaryFigure(page, "Skipped")).toHaveText("50");
  expect(Object.fromEntries(attempts)).toEqual({ 0: 1, 1: 1, 2: 2, 3: 1, 4: 1, 5: 1 });
  expect(await contactsTotal(page)).toBe(2_950);
});

test("the next chunk is on its way before the one before it is answered, and the file's later row still wins", async ({
  page,
}) => {
  await chooseLargeFile(page);
  let lastSent: () => void = () => {};
  const last = new Promise<void>((resolve) => (lastSent = resolve));
  await page.route("**/api/contacts/import", async (route) => {
    const index = chunkOf(route.request()).chunkIndex;
    if (index === 5) lastSent();
    // Chunk 4 reaches the server only once chunk 5 (the last, which repeats emails of chunk 1) has been sent.
    if (index === 4) await last;
    return route.continue();
  });

  await page.getByRole("button", { name: "Import" }).click();
  await expect(notifications(page).getByText("2,950 contacts imported")).toBeVisible();
  await expect(summaryFigure(page, "Skipped")).toHaveText("50");
  const found = await page.request.get("/api/contacts?search=p980@example.com");
  expect(((await found.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toEqual(["Person 2980"]);
});

test("Cancel stops the import, says so, and keeps only the chunks already applied", async ({ page }) => {
  await chooseLargeFile(page);
  let cancelSent = false;
  await page.route("**/api/contacts/import", async (route) => {
    const chunk = chunkOf(route.request());
    if (chunk.cancel) cancelSent = true;
    // The third chunk hangs until the person cancels; then the page gives up on it.
    if (chunk.chunkIndex === 2) {
      await expect.poll(() => cancelSent, { timeout: 20_000 }).toBe(true);
      return route.abort().catch(() => {});
    }
    return route.continue();
  });

  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("progressbar", { name: "Importing contacts..." });
  await expect(progress).toHaveAttribute("aria-valuetext", "1,000 of 3,000 rows sent");
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(notifications(page).getByText("Import cancelled")).toBeVisible();
  await expect(notifications(page).getByText("990 contacts imported before it stopped.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import cancelled" })).toBeVisible();
  await expect(
    page.getByText("The rows sent before you cancelled were imported; the rest of the file was not."),
  ).toBeVisible();
  await expect(summaryFigure(page, "Imported")).toHaveText("990");
  expect(await contactsTotal(page)).toBe(990);
});

test("a chunk the server refuses ends the import with 'Import failed' and the server's message", async ({ page }) => {
  await chooseLargeFile(page);
  const message = "This import has reached its size limit. Split the file and import each part.";
  let cancelled = false;
  await page.route("**/api/contacts/import", async (route) => {
    const chunk = chunkOf(route.request());
    if (chunk.cancel) cancelled = true;
    if (chunk.chunkIndex === 1) return route.fulfill({ status: 413, json: { message } });
    return route.continue();
  });

  await page.getByRole("button", { name: "Import" }).click();
  await expect(notifications(page).getByText("Import failed")).toBeVisible();
  await expect(notifications(page).getByText(message)).toBeVisible();
  // The file stays chosen, ready to be imported again; the first chunk's contacts stay.
  await expect(page.getByRole("button", { name: "Import" })).toBeEnabled();
  expect(cancelled).toBe(true);
  expect(await contactsTotal(page)).toBe(495);
});

test("a chunk answered 503 (the database restarting) is sent again and applied once; the import completes", async ({
  page,
}) => {
  await chooseLargeFile(page);
  const attempts = new Map<number, number>();
  await page.route("**/api/contacts/import", async (route) => {
    const chunk = chunkOf(route.request());
    if (chunk.chunkIndex === undefined) return route.continue();
    attempts.set(chunk.chunkIndex, (attempts.get(chunk.chunkIndex) ?? 0) + 1);
    if (chunk.chunkIndex === 1 && attempts.get(1) === 1)
      return route.fulfill({
        status: 503,
        json: { message: "The database cannot be reached for a moment. Please try again shortly." },
      });
    return route.continue();
  });

  await page.getByRole("button", { name: "Import" }).click();
  await expect(notifications(page).getByText("Import complete")).toBeVisible();
  await expect(summaryFigure(page, "Imported")).toHaveText("2,950");
  await expect(summaryFigure(page, "Updated")).toHaveText("0");
  expect(attempts.get(1)).toBe(2);
  expect(await contactsTotal(page)).toBe(2_950);
});

test("a file over 200 MB is refused with 'File too large' before anything is read or sent", async ({
  page,
}, testInfo) => {
  await openCsvTab(page);
  const path = testInfo.outputPath("huge.csv");
  await writeFile(path, "email\n");
  // Sparse: the size is what the page checks, and it does not read the file.
  await truncate(path, 200 * 1024 * 1024 + 1);
  const sent: string[] = [];
  page.on("request", (request) => request.url().includes("/api/contacts/import") && sent.push(request.url()));

  await fileInput(page).setInputFiles(path);
  await expect(notifications(page).getByText("File too large")).toBeVisible();
  await expect(
    page.getByRole("alert").getByText("An import takes files of at most 200 MB. Split the file and import each part."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
  expect(sent).toEqual([]);
});

test("a file of more than 1,000,000 rows is refused with 'Too many rows' before anything is sent", async ({ page }) => {
  test.setTimeout(90_000);
  await openCsvTab(page);
  const sent: string[] = [];
  page.on("request", (request) => request.url().includes("/api/contacts/import") && sent.push(request.url()));

  await fileInput(page).setInputFiles(csvFile("many.csv", `email\n${"a@b.co\n".repeat(1_000_001)}`));
  await expect(notifications(page).getByText("Too many rows")).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole("alert").getByText("An import takes at most 1,000,000 rows. Split the file and import each part."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
  expect(sent).toEqual([]);
});

test("the Contacts page says 'Loading contacts...' while the next page of results is on its way", async ({ page }) => {
  await signInWithSessionRow(page);
  const imported = await page.request.post("/api/contacts/import", {
    data: {
      contacts: [
        { email: "marie@example.com", name: "Marie Curie" },
        { email: "ada@example.com", name: "Ada" },
      ],
    },
  });
  expect(imported.status()).toBe(200);
  await page.goto("/dashboard/contacts");
  await expect(page.getByText("2 contacts", { exact: true })).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dashboard\/contacts\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Search contacts").fill("marie");
  await expect(page.getByRole("status").filter({ hasText: "Loading contacts..." })).toBeVisible();
  release();
  await expect(page.getByRole("status").filter({ hasText: "Loading contacts..." })).toBeHidden();
  await expect(page.getByText("1 contact", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "marie@example.com", exact: true })).toBeVisible();
});
