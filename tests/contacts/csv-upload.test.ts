import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { CSV_PROBLEMS } from "#shared/contacts/csv-mapping.ts";
import { readCsvBatches } from "#shared/contacts/csv-stream.ts";
import { importCsvUpload } from "#server/contacts/csv-upload.ts";
import { getImport, listImportSkips } from "#server/contacts/import.ts";
import { getImportReport } from "#server/contacts/import-report.ts";
import { listContacts } from "#server/contacts/list.ts";
import { listSegments } from "#server/segments/segments.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { streamedUpload } from "./streamed-upload.ts";
import { ownerAccess } from "../team-access.ts";

// The no-JavaScript path end to end: a multipart request as a browser sends it,
// streamed through papaparse into the real database.

function uploadRequest(
  csv: string | Uint8Array<ArrayBuffer>,
  options: { fileName?: string; segmentName?: string } = {},
): Request {
  const form = new FormData();
  if (options.segmentName !== undefined) form.set("segmentName", options.segmentName);
  form.set("file", new File([csv], options.fileName ?? "contacts.csv", { type: "text/csv" }));
  return new Request(`${ORIGIN}/dashboard/segments/import`, { method: "POST", body: form });
}

/** A multipart body streamed without a Content-Length, as a browser sends a large file. */
async function upload(csv: string | Uint8Array<ArrayBuffer>, options: Parameters<typeof uploadRequest>[1] = {}) {
  const { teamId } = await createUser();
  const outcome = await importCsvUpload(getDb(), {
    access: await ownerAccess(teamId),
    request: uploadRequest(csv, options),
  });
  return { teamId, outcome };
}

async function contactsOf(teamId: string) {
  const { contacts } = await listContacts(getDb(), { teamId, limit: 500 });
  return contacts.sort((a, b) => (a.email ?? "").localeCompare(b.email ?? ""));
}

async function importsOf(teamId: string) {
  return getDb().selectFrom("imports").select(["id"]).where("teamId", "=", teamId).execute();
}

async function summaryOf(outcome: Awaited<ReturnType<typeof importCsvUpload>>) {
  if (!outcome.ok) throw new Error(`expected an import, got ${outcome.problem.description}`);
  return outcome.summary;
}

describe("importing an uploaded CSV", () => {
  test("imports the rows with the auto-mapping and reports the totals", async () => {
    const { teamId, outcome } = await upload(
      "Full Name,Email,Mobile,Company\nAda Lovelace,ada@example.com,+44 20 7946 0958,Engines\n",
    );
    expect(await summaryOf(outcome)).toMatchObject({ status: "completed", imported: 1, updated: 0, skipped: 0 });
    expect(await contactsOf(teamId)).toMatchObject([
      { name: "Ada Lovelace", email: "ada@example.com", phone: "+442079460958" },
    ]);
  });

  test("a byte-order mark does not hide the first header", async () => {
    const { teamId, outcome } = await upload("\uFEFFemail,name\nbom@example.com,Bo M\n");
    expect(await summaryOf(outcome)).toMatchObject({ imported: 1 });
    expect(await contactsOf(teamId)).toMatchObject([{ email: "bom@example.com", name: "Bo M" }]);
  });

  test("quoted fields keep their commas, quotes and line breaks", async () => {
    const csv = 'name,email\n"Lovelace, Ada",ada@example.com\n"Grace ""Amazing""\nHopper",grace@example.com\n';
    const { teamId, outcome } = await upload(csv);
    expect(await summaryOf(outcome)).toMatchObject({ imported: 2 });
    expect((await contactsOf(teamId)).map((c) => c.name)).toEqual(["Lovelace, Ada", 'Grace "Amazing"\nHopper']);
  });

  test("CRLF line endings and blank lines", async () => {
    const { teamId, outcome } = await upload("name,email\r\nAda,ada@example.com\r\n\r\nGrace,grace@example.com\r\n");
    expect(await summaryOf(outcome)).toMatchObject({ imported: 2, skipped: 0 });
    expect((await contactsOf(teamId)).map((c) => c.name)).toEqual(["Ada", "Grace"]);
  });

  test("a semicolon-delimited file is detected", async () => {
    const { teamId, outcome } = await upload("Name;E-Mail;Email;Phone\nAda;x;ada@example.com;+1 415 555 0100\n");
    expect(await summaryOf(outcome)).toMatchObject({ imported: 1 });
    expect(await contactsOf(teamId)).toMatchObject([{ name: "Ada", email: "ada@example.com", phone: "+14155550100" }]);
  });

  test("rows of one email in any case are merged, the later non-empty cells winning", async () => {
    const csv = "name,email,phone\nAda,Ada@Example.com,\n,ADA@example.COM,+1 415 555 0100\nAda L.,ada@example.com,\n";
    const { teamId, outcome } = await upload(csv);
    const summary = await summaryOf(outcome);
    expect(summary).toMatchObject({ imported: 1, skipped: 2 });
    expect(await contactsOf(teamId)).toMatchObject([{ name: "Ada L.", phone: "+14155550100" }]);
    const skips = await listImportSkips(getDb(), { teamId, importId: summary.id, afterRow: 0, limit: 10 });
    expect(skips.map((s) => [s.rowNumber, s.reason])).toEqual([
      [3, "Duplicate of row 2 in this file (merged)"],
      [4, "Duplicate of row 2 in this file (merged)"],
    ]);
  });

  test("invalid and missing emails are skipped with their reason and row number", async () => {
    const { teamId, outcome } = await upload("name,email\nA,not-an-email\nB,\nC,c@example.com\n");
    const summary = await summaryOf(outcome);
    expect(summary).toMatchObject({ imported: 1, skipped: 2 });
    const skips = await listImportSkips(getDb(), { teamId, importId: summary.id, afterRow: 0, limit: 10 });
    expect(skips).toEqual([
      { rowNumber: 2, email: "not-an-email", reason: "Invalid email" },
      { rowNumber: 3, email: null, reason: "Missing email" },
    ]);
  });

  test("10,000-character cells: an unmapped one is ignored, a name that long is refused", async () => {
    const long = "x".repeat(10_000);
    const csv = `name,email,notes\nAda,ada@example.com,${long}\n${long},long@example.com,\n`;
    const { teamId, outcome } = await upload(csv);
    const summary = await summaryOf(outcome);
    expect(summary).toMatchObject({ imported: 1, skipped: 1 });
    const skips = await listImportSkips(getDb(), { teamId, importId: summary.id, afterRow: 0, limit: 10 });
    expect(skips).toEqual([{ rowNumber: 3, email: "long@example.com", reason: "Name longer than 500 characters" }]);
  });

  test("names with HTML are stored as written, to be shown escaped", async () => {
    const name = '<img src=x onerror="alert(1)"><b>Bold</b>';
    const { teamId, outcome } = await upload(`name,email\n"${name.replaceAll('"', '""')}",html@example.com\n`);
    expect(await summaryOf(outcome)).toMatchObject({ imported: 1 });
    expect((await contactsOf(teamId))[0]?.name).toBe(name);
  });

  test("a file over several chunks numbers its rows across them and keeps split characters whole", async () => {
    const lines = ["name,email"];
    for (let i = 0; i < 12_345; i++) lines.push(`Zoë Ñandú ${i},person${i}@example.com`);
    lines[7_001] = "Broken,not-an-email"; // file row 7,002
    const { teamId, outcome } = await upload(new TextEncoder().encode(`${lines.join("\n")}\n`));
    const summary = await summaryOf(outcome);
    expect(summary).toMatchObject({ imported: 12_344, skipped: 1, rowsReceived: 12_345 });
    const skips = await listImportSkips(getDb(), { teamId, importId: summary.id, afterRow: 0, limit: 10 });
    expect(skips).toEqual([{ rowNumber: 7_002, email: "not-an-email", reason: "Invalid email" }]);
    const names = await getDb().selectFrom("contacts").select("name").where("teamId", "=", teamId).execute();
    expect(names.filter((c) => !/^Zoë Ñandú \d+$/.test(c.name ?? ""))).toEqual([]);
    const chunks = await getDb()
      .selectFrom("importChunks")
      .select("chunkIndex")
      .where("importId", "=", summary.id)
      .execute();
    expect(chunks.map((c) => c.chunkIndex).sort()).toEqual([0, 1, 2]);
  });

  test("with a segment name, the contacts join a new segment of that name", async () => {
    const { teamId, outcome } = await upload("email\na@example.com\nb@example.com\n", {
      segmentName: "  Spring launch  ",
    });
    const summary = await summaryOf(outcome);
    const report = await getImportReport(getDb(), { teamId, importId: summary.id });
    expect(report?.segment?.name).toBe("Spring launch");
    expect((await listSegments(getDb(), { teamId })).rows).toMatchObject([{ name: "Spring launch", contactCount: 2 }]);
  });

  test("an upload that breaks off keeps the chunks already written and marks the import failed", async () => {
    const { teamId } = await createUser();
    const rows = Array.from({ length: 6_000 }, (_, i) => `cut${i}@example.com`).join("\n");
    const head =
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n';
    // The client sends 6,000 rows, and goes away once the server has written the first
    // chunk of 5,000 (while it holds the other 1,000), however long that takes.
    const firstChunkWritten = async () =>
      (
        await getDb()
          .selectFrom("importChunks")
          .innerJoin("imports", "imports.id", "importChunks.importId")
          .select("importChunks.chunkIndex")
          .where("imports.teamId", "=", teamId)
          .execute()
      ).length > 0;
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          return controller.enqueue(new TextEncoder().encode(`${head}email\n${rows}\n`));
        }
        while (!(await firstChunkWritten())) await sleep(10);
        controller.error(new Error("the client went away"));
      },
    });
    const request = new Request(`${ORIGIN}/dashboard/segments/import`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=cut" },
      body,
      duplex: "half",
    } as RequestInit);
    const outcome = await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request });
    expect(outcome).toMatchObject({ ok: false, status: 400, problem: { title: "Import failed" } });
    const importId = outcome.ok ? "" : outcome.importId!;
    const report = await getImportReport(getDb(), { teamId, importId });
    expect(report).toMatchObject({ status: "failed", imported: 5_000 });
    expect(report?.error).toContain("The upload stopped before the end of the file.");
  });

  test("a file that passes the size limit while streaming stops there, keeps the whole rows before it and answers 413", async () => {
    const { teamId } = await createUser();
    const rows = Array.from({ length: 20_000 }, (_, i) => `big${i}@example.com`).join("\n");
    // Streamed without a Content-Length, as a browser may send it; the limit is made small rather than the file 200 MB.
    const outcome = await importCsvUpload(getDb(), {
      access: await ownerAccess(teamId),
      request: streamedUpload([`email\n${rows}\n`], { fileName: "big.csv", pieceBytes: 16 * 1024 }),
      limits: { maxBytes: 128 * 1024, maxRows: 1_000_000 },
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 413,
      problem: {
        title: "Import failed",
        description:
          "The file is larger than 200 MB, so the import stopped there; the rows before that point were imported. Split the rest into another file.",
      },
    });
    const report = await getImportReport(getDb(), { teamId, importId: outcome.ok ? "" : outcome.importId! });
    expect(report).toMatchObject({ status: "failed", skipped: 0 });
    // 128 KB hold about 6,900 of these rows: whole ones only, never the one the limit cut in two.
    expect(report!.imported).toBeGreaterThanOrEqual(5_000);
    expect(report!.imported).toBeLessThan((128 * 1024) / "big0@example.com\n".length);
    const { contacts } = await listContacts(getDb(), { teamId, limit: 500 });
    expect(contacts.every((c) => /^big\d+@example\.com$/.test(c.email ?? ""))).toBe(true);
  });

  test("a file over the row limit imports the rows up to it and answers 413 saying so", async () => {
    const { teamId } = await createUser();
    const rows = Array.from({ length: 7_001 }, (_, i) => `row${i}@example.com`).join("\n");
    const outcome = await importCsvUpload(getDb(), {
      access: await ownerAccess(teamId),
      request: uploadRequest(`email\n${rows}\n`),
      limits: { maxBytes: 200 * 1024 * 1024, maxRows: 7_000 },
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 413,
      problem: {
        title: "Import failed",
        description:
          "The file has more than 1,000,000 rows, so the import stopped there; the first 1,000,000 were imported. Split the rest into another file.",
      },
    });
    const report = await getImportReport(getDb(), { teamId, importId: outcome.ok ? "" : outcome.importId! });
    expect(report).toMatchObject({ status: "failed", imported: 7_000, rowsReceived: 7_000 });
    expect(
      await getDb()
        .selectFrom("contacts")
        .select("id")
        .where("teamId", "=", teamId)
        .where("email", "=", "row7000@example.com")
        .execute(),
    ).toEqual([]);
  });

  test("another team cannot see the import", async () => {
    const { outcome } = await upload("email\na@example.com\n");
    const other = await createUser();
    const summary = await summaryOf(outcome);
    await expect(getImportReport(getDb(), { teamId: other.teamId, importId: summary.id })).rejects.toThrow(
      "Import not found.",
    );
    await expect(getImport(getDb(), { teamId: other.teamId, importId: summary.id })).rejects.toThrow(
      "Import not found.",
    );
  });
});

describe("refusing an upload before anything is written", () => {
  test.each([
    ["a file without an email column", "name,phone\nAda,+14155550100\n", CSV_PROBLEMS.missingEmail],
    ["an empty file", "", CSV_PROBLEMS.empty],
    ["a file of blank lines", "\n\n\n", CSV_PROBLEMS.empty],
    ["a header row alone", "name,email\n", CSV_PROBLEMS.headerOnly],
    ["a header row without a line break", "name,email", CSV_PROBLEMS.headerOnly],
  ])("%s", async (_label, csv, problem) => {
    const { teamId, outcome } = await upload(csv, { segmentName: "Never made" });
    expect(outcome).toEqual({ ok: false, status: 400, problem });
    expect(await importsOf(teamId)).toEqual([]);
    expect((await listSegments(getDb(), { teamId })).rows).toEqual([]);
    expect(await contactsOf(teamId)).toEqual([]);
  });

  test("the spec's texts for a missing email column", () => {
    expect(CSV_PROBLEMS.missingEmail).toEqual({
      title: "Missing email mapping",
      description: "Map an email column before importing.",
    });
  });

  test("a file whose name does not end in .csv", async () => {
    const { teamId, outcome } = await upload("email\na@example.com\n", { fileName: "contacts.xlsx" });
    expect(outcome).toEqual({ ok: false, status: 400, problem: CSV_PROBLEMS.notCsv });
    expect(await importsOf(teamId)).toEqual([]);
  });

  test("a form without a file", async () => {
    const { teamId } = await createUser();
    const form = new FormData();
    form.set("segmentName", "Only a name");
    const request = new Request(`${ORIGIN}/dashboard/segments/import`, { method: "POST", body: form });
    expect(await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request })).toEqual({
      ok: false,
      status: 400,
      problem: CSV_PROBLEMS.noFile,
    });
  });

  test("a form sent with no file chosen", async () => {
    const { teamId } = await createUser();
    const form = new FormData();
    form.set("file", new File([], "", { type: "application/octet-stream" }));
    const request = new Request(`${ORIGIN}/dashboard/segments/import`, { method: "POST", body: form });
    expect(await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request })).toEqual({
      ok: false,
      status: 400,
      problem: CSV_PROBLEMS.noFile,
    });
  });

  test("a body that is not a multipart form", async () => {
    const { teamId } = await createUser();
    const request = new Request(`${ORIGIN}/dashboard/segments/import`, {
      method: "POST",
      body: new URLSearchParams({ file: "x" }),
    });
    expect(await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request })).toEqual({
      ok: false,
      status: 400,
      problem: CSV_PROBLEMS.noFile,
    });
  });

  test("a malformed multipart body", async () => {
    const { teamId } = await createUser();
    const request = new Request(`${ORIGIN}/dashboard/segments/import`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "this is not a multipart body",
    });
    expect(await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request })).toMatchObject({
      ok: false,
      status: 400,
      problem: { title: "Import failed" },
    });
    expect(await importsOf(teamId)).toEqual([]);
  });

  test("a body declared larger than 200 MB is not read", async () => {
    const { teamId } = await createUser();
    const request = uploadRequest("email\na@example.com\n");
    const declared = new Request(request, {
      headers: { "Content-Type": request.headers.get("Content-Type")!, "Content-Length": String(300 * 1024 * 1024) },
    });
    expect(await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request: declared })).toEqual({
      ok: false,
      status: 413,
      problem: CSV_PROBLEMS.tooLarge,
    });
    expect(await importsOf(teamId)).toEqual([]);
  });

  test("a segment name over 200 characters", async () => {
    const { teamId, outcome } = await upload("email\na@example.com\n", { segmentName: "s".repeat(201) });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problem: { description: "Segment name must be at most 200 characters" },
    });
    expect(await importsOf(teamId)).toEqual([]);
  });
});

describe("reading a CSV stream in batches", () => {
  const csv = (rows: number) => ["email", ...Array.from({ length: rows }, (_, i) => `p${i}@example.com`)].join("\n");

  test("hands over full batches in order and waits for each", async () => {
    const seen: number[] = [];
    let writing = false;
    const result = await readCsvBatches(Readable.from([csv(25)]), {
      batchSize: 10,
      maxRows: 100,
      onHeader: () => true,
      async onBatch(rows) {
        expect(writing).toBe(false);
        writing = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(rows.length);
        writing = false;
      },
    });
    expect(seen).toEqual([10, 10, 5]);
    expect(result).toEqual({ fields: ["email"], rows: 25, stoppedBy: null });
  });

  test("stops at the row limit after handing over the rows within it", async () => {
    const seen: unknown[] = [];
    const result = await readCsvBatches(Readable.from([csv(30)]), {
      batchSize: 10,
      maxRows: 12,
      onHeader: () => true,
      onBatch: async (rows) => void seen.push(...rows),
    });
    expect(result).toMatchObject({ rows: 12, stoppedBy: "maxRows" });
    expect(seen).toHaveLength(12);
  });

  test("stops at the header when told to, handing over nothing", async () => {
    let batches = 0;
    const result = await readCsvBatches(Readable.from([csv(30)]), {
      batchSize: 10,
      maxRows: 100,
      onHeader: () => false,
      onBatch: async () => void batches++,
    });
    expect(result).toEqual({ fields: ["email"], rows: 0, stoppedBy: "header" });
    expect(batches).toBe(0);
  });
});
