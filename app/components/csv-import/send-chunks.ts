import { type ColumnMapping, contactReader } from "#shared/contacts/csv-mapping.ts";
import { chunkSender, type ImportTotals, ImportRequestError, type SkippedRow } from "./chunk-sender.ts";
import { readCsvFile } from "./read-csv-file.ts";

export { ImportRequestError };

export type UploadResult = { totals: ImportTotals; firstSkipped: SkippedRow[] };

/** Raised by a cancelled upload; the import is closed and its totals say what got in before. */
export class ImportCancelled extends Error {
  readonly totals: ImportTotals | null;
  constructor(totals: ImportTotals | null) {
    super("Import cancelled");
    this.totals = totals;
  }
}

/**
 * Sends a parsed CSV to POST /api/contacts/import in chunks of 5,000 rows while
 * the file is read, so neither the file nor its rows are held whole: the next
 * chunk is read and prepared while the ones before it are on their way (see
 * chunkSender for their order). The last chunk closes the import.
 */
export async function uploadCsvFile(
  file: File,
  options: {
    fields: string[];
    mapping: ColumnMapping;
    totalRows: number;
    segmentName: string;
    allowErased?: boolean;
    signal: AbortSignal;
    onProgress: (rowsSent: number) => void;
  },
): Promise<UploadResult> {
  const toContact = contactReader(options.fields, options.mapping);
  // Loaded with the parser, on demand: phones go out in E.164 so the server need not parse them.
  const { normalizePhone } = await import("#shared/contacts/phone.ts");
  const sender = chunkSender(
    {
      segmentName: options.segmentName || undefined,
      fileName: file.name,
      ...(options.allowErased ? { allowErased: true } : {}),
    },
    options.onProgress,
  );
  try {
    await readCsvFile(file, {
      signal: options.signal,
      onHeader: () => true,
      async onBatch(rows) {
        const contacts = rows.map((row) => {
          const contact = toContact(row);
          return { ...contact, phone: normalizePhone(contact.phone) };
        });
        await sender.send(contacts, { signal: options.signal, lastRow: options.totalRows });
      },
    });
    await sender.settle();
    if (options.signal.aborted) throw options.signal.reason;
    // The file changed since it was counted: close the import explicitly.
    const totals = sender.totals ?? (await sender.finish());
    if (!totals) throw new ImportRequestError("The file has no rows to import.");
    return { totals, firstSkipped: sender.firstSkipped };
  } catch (error) {
    if (!options.signal.aborted) {
      // A refused chunk ends the import: close it so it does not stay open forever.
      await sender.cancel().catch(() => null);
      throw error;
    }
    throw new ImportCancelled(await sender.cancel().catch(() => null));
  }
}
