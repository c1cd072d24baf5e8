import type { Database } from "#db/database.ts";
import { toCsvLine } from "#server/csv.ts";
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
  const encoder = new TextEncoder();
  let afterRow = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsvLine(HEADER)));
        return;
      }
      const rows = await listImportSkips(db, { teamId: options.teamId, importId, afterRow, limit: PAGE });
      if (rows.length)
        controller.enqueue(
          encoder.encode(rows.map((r) => toCsvLine([String(r.rowNumber), r.email ?? "", r.reason])).join("")),
        );
      // A short page is the last one: no further read for an empty one.
      if (rows.length < PAGE) return controller.close();
      afterRow = rows.at(-1)!.rowNumber;
    },
  });
}
