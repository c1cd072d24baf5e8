// A CSV import through the browser's own chunk sender (app/components/csv-import/chunk-sender.ts):
// the same chunks, order, in-flight limit and retries, with a Bearer token instead of the cookie.
import { chunkSender, type ImportTotals } from "#app/components/csv-import/chunk-sender.ts";
import { CSV_CHUNK_ROWS, type MappedContact } from "#shared/contacts/csv-mapping.ts";

export type ImportStream = { rowsAnswered: () => number; done: Promise<ImportTotals | null> };

/** Imports `rows` new contacts (`row-<n>@<domain>`), a chunk of CSV_CHUNK_ROWS at a time. */
export function startImportStream(options: { url: string; token: string; rows: number; domain: string }): ImportStream {
  let answered = 0;
  const sender = chunkSender(
    { fileName: "cluster-import.csv", segmentName: "Cluster import" },
    (rows) => (answered = rows),
    { endpoint: `${options.url}/api/contacts/import`, headers: { Authorization: `Bearer ${options.token}` } },
  );
  const run = async () => {
    for (let from = 0; from < options.rows; from += CSV_CHUNK_ROWS) {
      const contacts: MappedContact[] = [];
      for (let n = from; n < Math.min(from + CSV_CHUNK_ROWS, options.rows); n++)
        contacts.push({ name: `Row ${n}`, email: `row-${n}@${options.domain}`, phone: null });
      await sender.send(contacts, { lastRow: options.rows });
    }
    return sender.finish();
  };
  return { rowsAnswered: () => answered, done: run() };
}
