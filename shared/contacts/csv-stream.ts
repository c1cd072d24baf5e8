import Papa from "papaparse";
import { CSV_FIRST_ROW } from "./csv-mapping.ts";
import { CSV_MAX_ROW_CHARS, countUnfinishedRow, rowChars } from "./csv-row-limit.ts";

// Shared by the server (an uploaded file's stream) and the browser (a chosen
// File, through app/components/csv-import/file-source.ts), so both read a CSV
// the same way. No Node API is used at run time.

export type CsvRow = Record<string, unknown>;

/** The part of a Node readable stream that papaparse and this reader use. */
export type CsvSource = {
  readonly readable: boolean;
  read(): unknown;
  on(event: "data" | "end" | "error", listener: (value?: unknown) => void): unknown;
  removeListener(event: "data" | "end" | "error", listener: (value?: unknown) => void): unknown;
  removeAllListeners(event: "data"): unknown;
  pause(): unknown;
  resume(): unknown;
  setEncoding(encoding: "utf8"): unknown;
};

export type CsvStreamHandlers = {
  /** Called once, as soon as the header row is read. Return false to stop reading the file. */
  onHeader(fields: string[]): boolean;
  /** Called with `batchSize` rows at a time (fewer for the last); reading waits until it settles. */
  onBatch(rows: CsvRow[]): Promise<void>;
};

export type CsvStreamResult = {
  /** The header row, or null for an empty file. */
  fields: string[] | null;
  rows: number;
  /** What stopped reading before the end of the file, if anything. */
  stoppedBy: "header" | "maxRows" | "signal" | "longRow" | null;
  /** With stoppedBy "longRow": the row's number in the file, the header being row 1. */
  longRow?: number;
};

/**
 * Reads a CSV stream with papaparse (header row, empty lines skipped, delimiter
 * detected, byte-order mark dropped) and hands over its rows in batches. The
 * source is paused while a batch is being written, so memory holds one batch
 * and not the file; batches are written one after another, in file order.
 * Rows past `maxRows` are not read, nor anything after `signal` aborts, nor
 * anything after a row longer than CSV_MAX_ROW_CHARS: that is found as soon as
 * the unfinished row passes the limit, before papaparse parses it again with
 * the next chunk (csv-row-limit.ts says why). When
 * reading stops early the rest of the source is drained, not destroyed, so the
 * client that is still uploading gets the answer.
 */
export function readCsvBatches(
  source: CsvSource,
  options: { batchSize: number; maxRows: number; signal?: AbortSignal } & CsvStreamHandlers,
): Promise<CsvStreamResult> {
  // A multi-byte character split across two network chunks must be decoded whole.
  source.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let fields: string[] | null = null;
    let batch: CsvRow[] = [];
    let rows = 0;
    let stoppedBy: CsvStreamResult["stoppedBy"] = null;
    let longRow: number | undefined;
    let settled = false;
    let handle: Papa.Parser | null = null;
    let writing = Promise.resolve();
    // An abort makes papaparse report completion, and the end of the source may report it again.
    let finishing = false;

    // The caller learns of a failure only once the batch being written has settled, so what it wrote is known.
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      drain(source);
      writing.then(
        () => reject(error),
        () => reject(error),
      );
    };
    const stop = (reason: NonNullable<CsvStreamResult["stoppedBy"]>) => {
      if (stoppedBy) return;
      stoppedBy = reason;
      drain(source);
      handle?.abort();
    };
    const stopAtLongRow = () => {
      // Before the header is whole, the long row is the header itself.
      longRow = fields === null ? 1 : CSV_FIRST_ROW + rows;
      stop("longRow");
    };
    const write = (rows: CsvRow[]) => (writing = writing.then(() => options.onBatch(rows)));
    const finish = () => {
      if (settled || finishing) return;
      finishing = true;
      const last = batch;
      batch = [];
      (last.length > 0 ? write(last) : writing).then(() => {
        settled = true;
        resolve({ fields, rows, stoppedBy, ...(longRow === undefined ? {} : { longRow }) });
      }, fail);
    };
    options.signal?.addEventListener("abort", () => stop("signal"), { once: true });
    const unfinishedRow = countUnfinishedRow(source);

    // papaparse streams from anything shaped like a Node readable; its types only name the Node one.
    Papa.parse<CsvRow>(source as unknown as NodeJS.ReadableStream, {
      header: true,
      skipEmptyLines: true,
      chunk(results, parser) {
        handle = parser;
        const unfinishedChars = unfinishedRow.afterChunk(results.meta.cursor);
        if (settled || stoppedBy) return;
        if (fields === null && results.meta.fields?.length) {
          fields = [...results.meta.fields];
          if (!options.onHeader(fields)) return stop("header");
        }
        for (const row of results.data) {
          if (rows === options.maxRows) return stop("maxRows");
          if (rowChars(row) > CSV_MAX_ROW_CHARS) return stopAtLongRow();
          batch.push(row);
          rows += 1;
        }
        if (unfinishedChars > CSV_MAX_ROW_CHARS) return stopAtLongRow();
        if (batch.length < options.batchSize) return;
        parser.pause();
        source.pause();
        writeFullBatches().then(() => {
          if (stoppedBy) return;
          source.resume();
          parser.resume();
        }, fail);
      },
      complete: finish,
      error: fail,
    });

    async function writeFullBatches() {
      while (batch.length >= options.batchSize) {
        const next = batch.slice(0, options.batchSize);
        batch = batch.slice(options.batchSize);
        await write(next);
      }
    }
  });
}

// papaparse keeps listening for data after an abort; taking its listeners away
// and resuming lets the rest of the upload flow through and be discarded.
function drain(source: CsvSource) {
  source.removeAllListeners("data");
  source.resume();
}
