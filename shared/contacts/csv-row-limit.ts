import type Papa from "papaparse";
import type { CsvProblem } from "./csv-mapping.ts";

// The longest row an import reads, on both sides: the browser (reading the chosen
// file) and the server (the no-JavaScript upload). Pure, browser-safe: no Node API.
//
// Why a limit at all: papaparse, streaming, keeps the row it has not finished and
// parses it again, from its start, with every chunk that arrives. A quoted field
// whose closing quote never comes makes the rest of the file one row, parsed again
// per chunk: a 64 MB cell cost 28 s of CPU. No contact needs a row this long (a
// name, an email, a phone and some attributes); a quote left open produces one.

/** Characters in one row, at most. Counted in characters, so a row refused is always over 64 KB. */
export const CSV_MAX_ROW_CHARS = 64 * 1024;

/**
 * How many characters of an unfinished row papaparse holds after a chunk: the
 * part of the file since the last row end. Read from its streamer, the only
 * place that knows it; pinned by tests/unit/csv-long-row.test.ts, so an upgrade
 * of papaparse that moves it fails there rather than letting long rows through.
 */
export function unfinishedRowChars(parser: Papa.Parser): number {
  const streamer = (parser as unknown as { streamer?: { _partialLine?: unknown } }).streamer;
  const partial = streamer?._partialLine;
  return typeof partial === "string" ? partial.length : 0;
}

/** The characters of a finished row (its values and a separator each), when it came whole within one chunk. */
export function rowChars(row: Record<string, unknown>): number {
  let chars = 0;
  for (const value of Object.values(row)) {
    if (typeof value === "string") chars += value.length + 1;
    // Values past the header's columns, which papaparse gathers in an array.
    else if (Array.isArray(value)) for (const extra of value) chars += String(extra).length + 1;
  }
  return chars;
}

/** Row `rowNumber` (the header is row 1) was longer than the limit; `imported` when rows before it were already imported. */
export function longRowProblem(rowNumber: number, options: { imported: boolean }): CsvProblem {
  const where = `Row ${rowNumber.toLocaleString("en-US")} is longer than 64 KB`;
  const why = 'Usually a field opens a quote (") that is never closed, so the rest of the file reads as one row.';
  const description = options.imported
    ? `${where}, so the import stopped there; the rows before it were imported. ${why} Fix that row and import the rest.`
    : `${where}. ${why} Fix that row and choose the file again.`;
  return { title: "Parse error", description };
}
