import { describe, expect, test } from "vitest";
import { inspectCsvFile } from "#app/components/csv-import/read-csv-file.ts";
import { CSV_MAX_ROW_CHARS } from "#shared/contacts/csv-row-limit.ts";
import { type CsvSource, readCsvBatches } from "#shared/contacts/csv-stream.ts";

// The row-length rule of the shared CSV reader, which the browser (a chosen file)
// and the server (the no-JavaScript upload) both read through.

const CHUNK = 16 * 1024;

/** A source handing out `text` in chunks while someone listens, counting the characters the parser was given. */
function countingSource(text: string, chunk = CHUNK) {
  const listeners = {
    data: new Set<(value?: unknown) => void>(),
    end: new Set<(value?: unknown) => void>(),
    error: new Set<(value?: unknown) => void>(),
  };
  let offset = 0;
  let flowing = false;
  let delivered = 0;
  const pump = () => {
    while (flowing && offset < text.length) {
      const piece = text.slice(offset, offset + chunk);
      offset += piece.length;
      // Only what reaches a listener is parsed; after a stop the rest flows past, unread.
      if (listeners.data.size) delivered += piece.length;
      for (const listener of [...listeners.data]) listener(piece);
    }
    if (offset >= text.length && flowing) {
      flowing = false;
      for (const listener of [...listeners.end]) listener();
    }
  };
  const source: CsvSource = {
    readable: true,
    read: () => null,
    on(event, listener) {
      listeners[event].add(listener);
      if (event === "data") source.resume();
      return source;
    },
    removeListener(event, listener) {
      listeners[event].delete(listener);
      return source;
    },
    removeAllListeners(event) {
      listeners[event].clear();
      return source;
    },
    pause() {
      flowing = false;
      return source;
    },
    resume() {
      if (!flowing) {
        flowing = true;
        queueMicrotask(pump);
      }
      return source;
    },
    setEncoding: () => source,
  };
  return { source, delivered: () => delivered };
}

const HEADER = "name,email\n";
const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => `Person ${i},p${i}@example.com\n`).join("");

async function read(text: string, chunk = CHUNK) {
  const { source, delivered } = countingSource(text, chunk);
  const rows: unknown[] = [];
  const result = await readCsvBatches(source, {
    batchSize: 100,
    maxRows: 1_000_000,
    onHeader: () => true,
    onBatch: async (batch) => void rows.push(...batch),
  });
  return { result, rows, delivered: delivered() };
}

describe("a row longer than the limit", () => {
  test("an unterminated quote followed by 8 MB is stopped at its row, having given the parser little more than the limit", async () => {
    const text = `${HEADER}${rowsOf(3)}Broken,"never closed\n${"x,y\n".repeat(2 * 1024 * 1024)}`;
    const cpu = process.cpuUsage();
    const { result, rows, delivered } = await read(text);
    const used = process.cpuUsage(cpu);
    console.info(
      `unterminated quote + 8 MB, shared reader: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ${delivered} characters parsed of ${text.length}`,
    );
    expect(result).toEqual({ fields: ["name", "email"], rows: 3, stoppedBy: "longRow", longRow: 5 });
    expect(rows).toHaveLength(3);
    expect(delivered).toBeLessThanOrEqual(CSV_MAX_ROW_CHARS + 2 * CHUNK);
  });

  test("a finished row over the limit within one chunk is refused too, and the header counts as row 1", async () => {
    const long = await read(`${HEADER}a,"${"z".repeat(CSV_MAX_ROW_CHARS + 10)}"\nb,b@example.com\n`);
    expect(long.result).toMatchObject({ stoppedBy: "longRow", longRow: 2, rows: 0 });
    const header = await read(`name,"email${"e".repeat(CSV_MAX_ROW_CHARS)}`);
    expect(header.result).toMatchObject({ fields: null, stoppedBy: "longRow", longRow: 1 });
  });

  test("short rows in 256 KB chunks (the browser's pieces) are all read, however often the reader pauses", async () => {
    // The unfinished row is counted as the characters papaparse was given minus its
    // meta.cursor, pairing each chunk callback with one chunk of the source. Were that
    // pairing off by a chunk, 256 KB would be counted as unfinished and this file refused.
    const count = 40_000;
    const { result, rows } = await read(`${HEADER}${rowsOf(count)}`, 256 * 1024);
    expect(
      result,
      "papaparse no longer calls `chunk` once per chunk of the source, in order, with meta.cursor counted from the stream's start: re-check countUnfinishedRow in server/contacts/csv-row-limit.ts against this papaparse",
    ).toEqual({ fields: ["name", "email"], rows: count, stoppedBy: null });
    expect(rows[count - 1]).toEqual({ name: `Person ${count - 1}`, email: `p${count - 1}@example.com` });
  });

  test("a 60 KB cell is read like any other", async () => {
    const cell = "n".repeat(60 * 1024);
    const { result, rows } = await read(`${HEADER}"${cell}",big@example.com\n${rowsOf(2)}`);
    expect(result).toEqual({ fields: ["name", "email"], rows: 3, stoppedBy: null });
    expect(rows[0]).toEqual({ name: cell, email: "big@example.com" });
  });
});

describe("the browser's reading of a chosen file", () => {
  test("refuses the file, naming the row, before anything is sent", async () => {
    const file = new File(
      [`${HEADER}${rowsOf(9)}"Open quote,x@example.com\n${"filler,".repeat(300_000)}`],
      "contacts.csv",
      { type: "text/csv" },
    );
    const answer = await inspectCsvFile(file, { onProgress: () => {} });
    expect(answer).toEqual({
      title: "Parse error",
      description:
        'Row 11 is longer than 64 KB. Usually a field opens a quote (") that is never closed, so the rest of the file reads as one row. Fix that row and choose the file again.',
    });
  });
});
