import {
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_PREVIEW_ROWS,
  CSV_PROBLEMS,
  type CsvProblem,
  isCsvFileName,
} from "#shared/contacts/csv-mapping.ts";
import { longRowProblem } from "#shared/contacts/csv-row-limit.ts";
import type { CsvRow, CsvStreamHandlers } from "#shared/contacts/csv-stream.ts";
import { csvChunkRows } from "./chunk-rows.ts";
import { fileTextSource } from "./file-source.ts";

export type CsvFileSummary = { fields: string[]; preview: CsvRow[]; rows: number };

/** What the name and size of a chosen file already rule out. */
export function checkCsvFile(file: File): CsvProblem | null {
  if (!isCsvFileName(file.name)) return CSV_PROBLEMS.notCsv;
  if (file.size > CSV_MAX_BYTES) return CSV_PROBLEMS.tooLarge;
  return null;
}

/**
 * Streams the file through papaparse in batches of rows, with the server's
 * reading rules. The parser (papaparse with it) is loaded on demand, the first
 * time a file is read.
 */
export async function readCsvFile(file: File, options: { signal?: AbortSignal } & CsvStreamHandlers) {
  const { readCsvBatches } = await import("#shared/contacts/csv-stream.ts");
  return readCsvBatches(fileTextSource(file), { batchSize: csvChunkRows(), maxRows: CSV_MAX_ROWS, ...options });
}

/**
 * Reads the whole file once, holding no more than a batch: its header, the
 * first rows for the preview and the number of rows, so the upload can show
 * its progress and a file over the row limit is refused before anything is sent.
 */
export async function inspectCsvFile(
  file: File,
  options: { signal?: AbortSignal; onProgress: (rowsRead: number) => void },
): Promise<CsvFileSummary | CsvProblem> {
  const preview: CsvRow[] = [];
  let rowsRead = 0;
  const result = await readCsvFile(file, {
    signal: options.signal,
    onHeader: () => true,
    async onBatch(rows) {
      preview.push(...rows.slice(0, CSV_PREVIEW_ROWS - preview.length));
      rowsRead += rows.length;
      options.onProgress(rowsRead);
    },
  });
  // Found before anything is sent: the file is refused whole.
  if (result.stoppedBy === "longRow") return longRowProblem(result.longRow ?? 1, { imported: false });
  if (!result.fields) return CSV_PROBLEMS.empty;
  if (result.stoppedBy === "maxRows") return CSV_PROBLEMS.tooManyRows;
  return { fields: result.fields, preview, rows: result.rows };
}
