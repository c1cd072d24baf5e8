import type { Database } from "#db/database.ts";
import { streamCsvPages } from "#server/csv-stream.ts";
import { getImport, listImportSkips } from "./import.ts";

const PAGE = 5000;
const HEADER = ["row", "email", "reason"];

/**
 * The skipped rows of one of the team's imports with their reasons, as CSV in file
 * order, read by keyset on the row number a page at a time as the client consumes the
 * stream, so memory stays flat however many rows were skipped. An unknown, malformed
 * or other team's import is NOT_FOUND, before any byte is sent.
 */
export async function streamSkippedRowsCsv(
  db: Database,
  options: { teamId: string; importId: string },
): Promise<ReadableStream<Uint8Array>> {
  const { id: importId } = await getImport(db, options);
  return streamCsvPages<number>(HEADER, async (after) => {
    const skips = await listImportSkips(db, { teamId: options.teamId, importId, afterRow: after ?? 0, limit: PAGE });
    const rows = skips.map((r) => [String(r.rowNumber), r.email ?? "", r.reason]);
    // A short page is the last one: no further read for an empty one.
    return { rows, next: skips.length < PAGE ? null : skips.at(-1)!.rowNumber };
  });
}
