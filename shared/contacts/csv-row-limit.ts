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
 * Tells, after each chunk papaparse has parsed, how many characters of an
 * unfinished row it holds: the characters it has been given minus
 * `results.meta.cursor` (the end of its last whole row, counted from the start
 * of the stream). The characters given are counted from the source's own
 * `data` events: papaparse takes the source's chunks in order and calls its
 * `chunk` callback once per chunk, so the n-th callback has seen the first n
 * chunks. Only papaparse's documented options and results are read; call
 * `afterChunk` exactly once per `chunk` callback. Pinned by
 * tests/unit/csv-long-row.test.ts: a papaparse that took chunks otherwise would
 * fail there rather than let long rows through.
 */
export function countUnfinishedRow(source: { on(event: "data", listener: (value?: unknown) => void): unknown }) {
  const chunkChars: number[] = [];
  let given = 0;
  // Listening first: a chunk is counted before papaparse's own listener parses it.
  source.on("data", (chunk) => void chunkChars.push(typeof chunk === "string" ? chunk.length : String(chunk).length));
  return {
    /** Characters since the last row end, given the `meta.cursor` of the chunk just parsed. */
    afterChunk(cursor: number): number {
      // The end of the source reaches papaparse as one more, empty chunk, which was never counted.
      given += chunkChars.shift() ?? 0;
      return given - cursor;
    },
  };
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

/**
 * Row `rowNumber` (the header is row 1) was longer than the limit; `imported` when rows before it were already
 * imported.
 */
export function longRowProblem(rowNumber: number, options: { imported: boolean }): CsvProblem {
  const where = `Row ${rowNumber.toLocaleString("en-US")} is longer than 64 KB`;
  const why = 'Usually a field opens a quote (") that is never closed, so the rest of the file reads as one row.';
  const description = options.imported
    ? `${where}, so the import stopped there; the rows before it were imported. ${why} Fix that row and import the rest.`
    : `${where}. ${why} Fix that row and choose the file again.`;
  return { title: "Parse error", description };
}
