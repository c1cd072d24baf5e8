import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { importCsvUpload } from "#server/contacts/csv-upload.ts";
import { getImportReport } from "#server/contacts/import-report.ts";
import { listContacts } from "#server/contacts/list.ts";
import { createUser } from "../factories.ts";
import { streamedUpload } from "./streamed-upload.ts";
import { ownerAccess } from "../team-access.ts";

// The no-JavaScript upload of a file with a quote that is never closed: papaparse
// would read the rest of the file as one row, parsing it again with every chunk.

const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => `Person ${i},p${i}@example.com\n`).join("");

describe("a row longer than 64 KB in an upload", () => {
  test("an unterminated quote followed by 16 MB stops the import at its row, keeping the rows before it", async () => {
    const { teamId } = await createUser();
    // 6,000 rows: one chunk of 5,000 is written before the broken row is reached.
    const request = streamedUpload([
      "name,email\n",
      rowsOf(6_000),
      'Broken,"no closing quote\n',
      "more,data\n".repeat(1_600_000),
    ]);
    const cpu = process.cpuUsage();
    const outcome = await importCsvUpload(getDb(), { access: await ownerAccess(teamId), request });
    const used = process.cpuUsage(cpu);
    console.info(
      `unterminated quote + 16 MB upload: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU for the whole request`,
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problem: {
        title: "Parse error",
        description:
          'Row 6,002 is longer than 64 KB, so the import stopped there; the rows before it were imported. Usually a field opens a quote (") that is never closed, so the rest of the file reads as one row. Fix that row and import the rest.',
      },
    });
    const report = await getImportReport(getDb(), { teamId, importId: outcome.ok ? "" : outcome.importId! });
    expect(report).toMatchObject({ status: "failed", imported: 6_000 });
  });

  test("the same broken row as the first one refuses the file and imports nothing", async () => {
    const { teamId } = await createUser();
    const outcome = await importCsvUpload(getDb(), {
      access: await ownerAccess(teamId),
      request: streamedUpload(["name,email\n", '"Broken,x@example.com\n', "filler\n".repeat(20_000)]),
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problem: { description: expect.stringMatching(/^Row 2 is longer than 64 KB\. Usually/) },
    });
    expect(outcome.ok ? "" : outcome.importId).toBeUndefined();
    expect((await listContacts(getDb(), { teamId, limit: 10 })).contacts).toEqual([]);
  });

  test("a file with a 60 KB cell imports", async () => {
    const { teamId } = await createUser();
    const note = "n".repeat(60 * 1024);
    const outcome = await importCsvUpload(getDb(), {
      access: await ownerAccess(teamId),
      request: streamedUpload([
        `name,email,note\n"Long Note",long@example.com,"${note}"\n`,
        "Short,short@example.com,x\n",
      ]),
    });
    expect(outcome).toMatchObject({ ok: true, summary: expect.objectContaining({ imported: 2 }) });
    const { contacts } = await listContacts(getDb(), { teamId, limit: 10 });
    expect(contacts.map((c) => c.email).sort()).toEqual(["long@example.com", "short@example.com"]);
  });
});
