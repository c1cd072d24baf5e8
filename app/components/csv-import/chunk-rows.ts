import { CSV_CHUNK_ROWS } from "#shared/contacts/csv-mapping.ts";

/**
 * Rows per upload request. Always CSV_CHUNK_ROWS, unless the page was told a
 * smaller number before it loaded (`window.__murmurCsvChunkRows`, set by the
 * end-to-end tests' init script), so that a file of a few thousand rows can
 * cross several requests there. Nothing in the product sets it; a larger or
 * malformed value is ignored.
 */
export function csvChunkRows(): number {
  const override: unknown = (globalThis as { __murmurCsvChunkRows?: unknown }).__murmurCsvChunkRows;
  return typeof override === "number" && Number.isInteger(override) && override > 0 && override < CSV_CHUNK_ROWS
    ? override
    : CSV_CHUNK_ROWS;
}
