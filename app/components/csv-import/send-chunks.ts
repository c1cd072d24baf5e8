import { type ColumnMapping, contactReader, CSV_FIRST_ROW, type MappedContact } from "../../../server/contacts/csv-mapping.ts";
import { readCsvFile } from "./read-csv-file.ts";

export type SkippedRow = { rowNumber: number; email: string | null; reason: string };
export type ImportTotals = { id: string; status: string; segmentId: string | null; imported: number; updated: number; skipped: number };
type ChunkAnswer = { importId: string; segmentId: string | null; errors: SkippedRow[]; totals?: ImportTotals };

export type UploadResult = { totals: ImportTotals; firstSkipped: SkippedRow[] };

/** The server refused a chunk; the message is the server's, for the 'Import failed' toast. */
export class ImportRequestError extends Error {}

/** Raised by a cancelled upload; the import is closed and its totals say what got in before. */
export class ImportCancelled extends Error {
  readonly totals: ImportTotals | null;
  constructor(totals: ImportTotals | null) {
    super("Import cancelled");
    this.totals = totals;
  }
}

const ENDPOINT = "/api/contacts/import";
const RETRY_DELAYS_MS = [1000, 2000, 4000];
const SKIPPED_SHOWN = 10;
// The endpoint takes bodies up to 32 MB; a chunk of very long cells is split below that.
const MAX_BODY_CHARS = 16 * 1024 * 1024;

/**
 * Sends a parsed CSV to POST /api/contacts/import in chunks of 5,000 rows, one
 * at a time while the file is read, so neither the file nor its rows are held
 * whole. The first chunk opens the import (and its segment); each later one
 * carries the import id and its index, so a chunk retried after a network
 * error is applied once. The last chunk closes the import.
 */
export async function uploadCsvFile(
  file: File,
  options: {
    fields: string[];
    mapping: ColumnMapping;
    totalRows: number;
    segmentName: string;
    signal: AbortSignal;
    onProgress: (rowsSent: number) => void;
  },
): Promise<UploadResult> {
  const toContact = contactReader(options.fields, options.mapping);
  // Loaded with the parser, on demand: phones go out in E.164 so the server need not parse them.
  const { normalizePhone } = await import("../../../server/contacts/phone.ts");
  const sender = chunkSender({ segmentName: options.segmentName || undefined, fileName: file.name }, options.onProgress);
  // The next chunk is read and prepared while the one before it is on its way; chunks still go one at a time, in order.
  let sending: Promise<void> = Promise.resolve();
  try {
    await readCsvFile(file, {
      signal: options.signal,
      onHeader: () => true,
      async onBatch(rows) {
        const contacts = rows.map((row) => {
          const contact = toContact(row);
          return { ...contact, phone: normalizePhone(contact.phone) };
        });
        await sending;
        sending = sender.send(contacts, { signal: options.signal, lastRow: options.totalRows });
        // Seen by the next batch or after the last one; not an unhandled rejection meanwhile.
        sending.catch(() => {});
      },
    });
    await sending;
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

function chunkSender(opening: { segmentName?: string; fileName: string }, onProgress: (rowsSent: number) => void) {
  // Chosen here, so a first request retried after a network error finds the import
  // it opened instead of opening a second one (and a second segment).
  const importId = newImportId();
  // Set before the first request leaves: even one whose answer was lost may have opened the import.
  let attempted = false;
  let opened = false;
  let chunkIndex = 0;
  let rowsSent = 0;
  const state = {
    totals: null as ImportTotals | null,
    firstSkipped: [] as SkippedRow[],

    async send(contacts: MappedContact[], options: { signal?: AbortSignal; lastRow?: number; final?: boolean }): Promise<void> {
      const final = options.final ?? rowsSent + contacts.length === options.lastRow;
      const body = { contacts, importId, chunkIndex, firstRow: CSV_FIRST_ROW + rowsSent, final, ...(opened ? {} : opening) };
      const json = JSON.stringify(body);
      if (json.length > MAX_BODY_CHARS && contacts.length > 1) {
        const half = Math.ceil(contacts.length / 2);
        await state.send(contacts.slice(0, half), { ...options, final: false });
        return state.send(contacts.slice(half), { ...options, final });
      }
      attempted = true;
      const answer = await postChunk(json, options.signal);
      opened = true;
      chunkIndex += 1;
      rowsSent += contacts.length;
      state.firstSkipped.push(...answer.errors.slice(0, SKIPPED_SHOWN - state.firstSkipped.length));
      if (answer.totals) state.totals = answer.totals;
      onProgress(rowsSent);
    },

    /** Closes the import with an empty last chunk. */
    async finish(): Promise<ImportTotals | null> {
      if (!opened) return null;
      if (!state.totals) await state.send([], { final: true });
      return state.totals;
    },

    /** Closes the import as cancelled; the chunks already applied stay. */
    async cancel(): Promise<ImportTotals | null> {
      if (!attempted) return null;
      if (!state.totals) {
        const answer = await postChunk(JSON.stringify({ contacts: [], importId, cancel: true }));
        state.totals = answer.totals ?? null;
      }
      return state.totals;
    },
  };
  return state;
}

/** A random (version 4) UUID; crypto.randomUUID exists only on https or localhost pages. */
function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function postChunk(body: string, signal?: AbortSignal): Promise<ChunkAnswer> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body,
        signal,
      });
    } catch (error) {
      // Only the network failed: the same chunk, with the same index, is sent again.
      const delay = RETRY_DELAYS_MS[attempt];
      if (signal?.aborted || delay === undefined) throw error;
      await wait(delay, signal);
      continue;
    }
    if (!response.ok) throw new ImportRequestError(await errorMessage(response));
    return (await response.json()) as ChunkAnswer;
  }
}

/** The spec's error message: the JSON message field, else the body text, else the status. */
async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text.trim().slice(0, 500) || `Request failed with status ${response.status}`;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
