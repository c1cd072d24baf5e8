import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { startImport } from "#server/contacts/import.ts";
import { streamSkippedRowsCsv } from "#server/contacts/skipped-rows-csv.ts";
import { createUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

/** An import of the team with `count` skipped rows (rows 2 to count + 1), written as the import writes them. */
async function importWithSkips(teamId: string, count: number) {
  const { id } = await startImport(getDb(), { access: await ownerAccess(teamId), fileName: "people.csv" });
  await sql`
    insert into import_skips (import_id, row_number, email, reason)
    select ${id}::uuid, n + 1, 'row' || (n + 1) || '@example', 'Invalid email' from generate_series(1, ${count}::int) as n
  `.execute(getDb());
  return id;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("the skipped rows as CSV", () => {
  test("every skipped row comes once, in file order, across pages of 5,000, also when the last page is full", async () => {
    const { teamId } = await createUser();
    for (const count of [12_001, 10_000]) {
      const importId = await importWithSkips(teamId, count);
      const lines = (await readAll(await streamSkippedRowsCsv(getDb(), { teamId, importId }))).split("\r\n");
      expect(lines.shift()).toBe("row,email,reason");
      expect(lines.pop()).toBe("");
      expect(lines).toHaveLength(count);
      expect(lines.map((line) => Number(line.split(",")[0]))).toEqual(Array.from({ length: count }, (_, i) => i + 2));
      expect(lines.at(-1)).toBe(`${count + 1},row${count + 1}@example,Invalid email`);
    }
  });

  test("is read a page at a time as the client reads it, not gathered first", async () => {
    const { teamId } = await createUser();
    const importId = await importWithSkips(teamId, 12_001);
    const reader = (await streamSkippedRowsCsv(getDb(), { teamId, importId })).getReader();
    const decode = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);
    expect(decode((await reader.read()).value)).toBe("row,email,reason\r\n");
    const firstPage = decode((await reader.read()).value)
      .split("\r\n")
      .filter(Boolean);
    expect(firstPage).toHaveLength(5_000);
    expect(firstPage.at(-1)).toBe("5001,row5001@example,Invalid email");
    await reader.cancel();
  });

  test("an import without skipped rows is the header alone", async () => {
    const { teamId } = await createUser();
    const importId = await importWithSkips(teamId, 0);
    expect(await readAll(await streamSkippedRowsCsv(getDb(), { teamId, importId }))).toBe("row,email,reason\r\n");
  });

  test("another team's import, an unknown id and a malformed id are each not found, before any byte", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const importId = await importWithSkips(owner.teamId, 3);
    for (const id of [importId, "0190a5c4-0000-7000-8000-000000000000", "not-an-id"]) {
      await expect(streamSkippedRowsCsv(getDb(), { teamId: stranger.teamId, importId: id }), id).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Import not found.",
      });
    }
  });
});
