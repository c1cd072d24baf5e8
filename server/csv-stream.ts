import { toCsvLine } from "./csv.ts";

/** One keyset page of an export: its rows as CSV cells, and where the next page starts (null after the last). */
export interface CsvPage<Cursor> {
  rows: string[][];
  next: Cursor | null;
}

/**
 * A CSV export read one keyset page at a time, only as the client takes the stream:
 * the header first, then each page as one chunk. Memory stays at one page however long
 * the export, and a client that stops reading stops the reads. `readPage` gets null for
 * the first page and the cursor it returned after that; it ends the export by returning
 * `next: null`.
 */
export function streamCsvPages<Cursor>(
  header: string[],
  readPage: (after: Cursor | null) => Promise<CsvPage<Cursor>>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsvLine(header)));
        return;
      }
      const page = await readPage(cursor);
      if (page.rows.length) controller.enqueue(encoder.encode(page.rows.map(toCsvLine).join("")));
      cursor = page.next;
      if (cursor === null) controller.close();
    },
  });
}

/** A CSV stream as a download named `fileName`; private to the signed-in team, so never cached. */
export function csvDownload(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A timestamp as an ISO cell, or an empty cell when there is none. */
export const isoCell = (at: Date | null): string => (at ? at.toISOString() : "");
