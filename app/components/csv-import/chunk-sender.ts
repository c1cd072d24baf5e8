import { CSV_FIRST_ROW, type MappedContact } from "#shared/contacts/csv-mapping.ts";

export type SkippedRow = { rowNumber: number; email: string | null; reason: string };
export type ImportTotals = {
  id: string;
  status: string;
  segmentId: string | null;
  imported: number;
  updated: number;
  skipped: number;
};
type ChunkAnswer = { importId: string; segmentId: string | null; errors: SkippedRow[]; totals?: ImportTotals };

/**
 * Where chunks go: the page's own origin with its session cookie unless told otherwise
 * (an API client elsewhere, with a Bearer token: the cluster scenario test sends its import through this code).
 */
export type ChunkTransport = { endpoint?: string; headers?: Record<string, string> };

/** The server refused a chunk; the message is the server's, for the 'Import failed' toast. */
export class ImportRequestError extends Error {}

const ENDPOINT = "/api/contacts/import";
// Long enough to ride out a database restart or a server process being replaced behind
// the load balancer (30 s in all); a chunk sent again is applied once (its import id and index).
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];
// The server, or the load balancer in front of it, could not answer for now; 500 is a refusal.
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);
const SKIPPED_SHOWN = 10;
// The endpoint takes bodies up to 32 MB; a chunk of very long cells is split below that.
const MAX_BODY_CHARS = 16 * 1024 * 1024;
// The server reads and checks one chunk while it writes the one before (it applies
// them in file order, `afterPrevious`); more in flight would only queue there.
const CHUNKS_IN_FLIGHT = 2;

/**
 * The requests of one import, numbered in file order. The first chunk opens the
 * import (and its segment) and is answered before any other is sent; after it, up to
 * two are in flight, each applied by the server only after the one before it. The
 * import id is chosen here, so a first request retried after a network error finds
 * the import it opened instead of opening a second one (and a second segment).
 * Progress, totals and the first skipped rows are taken from the answers in file order.
 */
export function chunkSender(
  opening: { segmentName?: string; fileName: string; allowErased?: boolean },
  onProgress: (rowsSent: number) => void,
  transport: ChunkTransport = {},
) {
  const importId = newImportId();
  // Set before the first request leaves: even one whose answer was lost may have opened the import.
  let attempted = false;
  let opened = false;
  let chunkIndex = 0;
  let rowsQueued = 0;
  let rowsAnswered = 0;
  const inFlight: Promise<void>[] = [];
  // Chunks not yet counted, in file order; an answer is counted once all before it are.
  const unanswered: { rows: number; answer?: ChunkAnswer }[] = [];

  const count = () => {
    while (unanswered[0]?.answer) {
      const { rows, answer } = unanswered.shift()!;
      state.firstSkipped.push(...answer!.errors.slice(0, SKIPPED_SHOWN - state.firstSkipped.length));
      if (answer!.totals) state.totals = answer!.totals;
      rowsAnswered += rows;
      onProgress(rowsAnswered);
    }
  };

  /** Waits for the answers of all chunks in flight; the first refusal or network failure is thrown. */
  const settle = async () => {
    while (inFlight.length > 0) await inFlight.shift();
  };

  const state = {
    totals: null as ImportTotals | null,
    firstSkipped: [] as SkippedRow[],

    /** Resolves once the chunk is on its way (after the oldest in flight is answered, when two are). */
    async send(
      contacts: MappedContact[],
      options: { signal?: AbortSignal; lastRow?: number; final?: boolean },
    ): Promise<void> {
      const final = options.final ?? rowsQueued + contacts.length === options.lastRow;
      if (!opened) await settle();
      while (inFlight.length >= CHUNKS_IN_FLIGHT) await inFlight.shift();
      const body = {
        contacts,
        importId,
        chunkIndex,
        firstRow: CSV_FIRST_ROW + rowsQueued,
        final,
        ...(opened ? { afterPrevious: true } : opening),
      };
      const json = JSON.stringify(body);
      if (json.length > MAX_BODY_CHARS && contacts.length > 1) {
        const half = Math.ceil(contacts.length / 2);
        await state.send(contacts.slice(0, half), { ...options, final: false });
        return state.send(contacts.slice(half), { ...options, final });
      }
      attempted = true;
      chunkIndex += 1;
      rowsQueued += contacts.length;
      const chunk: { rows: number; answer?: ChunkAnswer } = { rows: contacts.length };
      unanswered.push(chunk);
      const answered = postChunk(transport, json, options.signal).then((answer) => {
        opened = true;
        chunk.answer = answer;
        count();
      });
      // Seen by `settle` or the next `send`; not an unhandled rejection meanwhile.
      answered.catch(() => {});
      inFlight.push(answered);
    },

    settle,

    /** Closes the import with an empty last chunk, once every chunk sent is answered. */
    async finish(): Promise<ImportTotals | null> {
      await settle();
      if (!opened) return null;
      if (!state.totals) {
        await state.send([], { final: true });
        await settle();
      }
      return state.totals;
    },

    /** Closes the import as cancelled; the chunks already applied stay, a chunk still waiting is refused. */
    async cancel(): Promise<ImportTotals | null> {
      if (!attempted) return null;
      if (!state.totals) {
        const answer = await postChunk(transport, JSON.stringify({ contacts: [], importId, cancel: true }));
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

async function postChunk(transport: ChunkTransport, body: string, signal?: AbortSignal): Promise<ChunkAnswer> {
  for (let attempt = 0; ; attempt++) {
    const delay = RETRY_DELAYS_MS[attempt];
    let response: Response;
    try {
      response = await fetch(transport.endpoint ?? ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...transport.headers },
        body,
        signal,
      });
    } catch (error) {
      // Only the network failed: the same chunk, with the same index, is sent again.
      if (signal?.aborted || delay === undefined) throw error;
      await wait(delay, signal);
      continue;
    }
    if (UNAVAILABLE_STATUSES.has(response.status) && delay !== undefined) {
      await response.body?.cancel();
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
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string")
      return parsed.message;
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
