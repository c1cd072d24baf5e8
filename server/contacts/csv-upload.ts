import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Database } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { SegmentNameSchema } from "#shared/segments/schemas.ts";
import {
  autoMapColumns,
  contactReader,
  CSV_CHUNK_ROWS,
  CSV_FIRST_ROW,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_PROBLEMS,
  type CsvProblem,
  hasEmailMapping,
  isCsvFileName,
  type MappedContact,
} from "#shared/contacts/csv-mapping.ts";
import { longRowProblem } from "#shared/contacts/csv-row-limit.ts";
import { readCsvBatches } from "#shared/contacts/csv-stream.ts";
import { finishImport, importChunk, type ImportSummary, startImport } from "./import.ts";
import { failImport } from "./import-report.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

export type CsvUploadOutcome =
  | { ok: true; summary: ImportSummary }
  /** importId is set when contacts were already written before the problem showed: the import is marked failed. */
  | { ok: false; status: number; problem: CsvProblem; importId?: string };

const INTERRUPTED: CsvProblem = {
  title: "Import failed",
  description: "The upload stopped before the end of the file. Contacts from the part received were imported.",
};

const BROKEN: CsvProblem = {
  title: "Import failed",
  description: "The import stopped because of an error on our side. Contacts from the rows before it were imported.",
};

// Besides the file, the form may carry up to 20 other fields of 64 KB each (receiveUpload's limits).
const FORM_FIELDS_BYTES = 20 * 64 * 1024;

/** The most an upload's whole body may hold: a file at the product's limit and the form around it. */
export const CSV_UPLOAD_MAX_BODY_BYTES = CSV_MAX_BYTES + FORM_FIELDS_BYTES + 64 * 1024;

/** The product's limits; tests pass smaller ones rather than stream 200 MB. The messages name the product's. */
export type UploadLimits = { maxBytes: number; maxRows: number };
const UPLOAD_LIMITS: UploadLimits = { maxBytes: CSV_MAX_BYTES, maxRows: CSV_MAX_ROWS };

const UNREADABLE: CsvProblem = {
  title: "Import failed",
  description: "The upload could not be read. Choose the file and try again.",
};

// Found only while reading, after earlier rows were imported: the message says what happened to them.
const CUT_OFF = {
  tooLarge: {
    title: "Import failed",
    description:
      "The file is larger than 200 MB, so the import stopped there; the rows before that point were imported. Split the rest into another file.",
  },
  tooManyRows: {
    title: "Import failed",
    description:
      "The file has more than 1,000,000 rows, so the import stopped there; the first 1,000,000 were imported. Split the rest into another file.",
  },
} satisfies Record<string, CsvProblem>;

/**
 * The no-JavaScript import: a multipart form with an optional `segmentName`
 * and a `file` field (the name must come first, as the form orders them). The
 * file is streamed, never held whole: papaparse reads it with the same header
 * and auto-mapping rules as the browser, and every 5,000 rows go to the import
 * as one chunk (one transaction). Problems found before any row is written
 * (not a CSV, empty, header only, no email column, over 200 MB) write nothing;
 * a row longer than 64 KB stops the import there (csv-row-limit.ts).
 * `traceId` (the upload request's id) is the import's trace id.
 */
export async function importCsvUpload(
  db: Database,
  options: { access: TeamAccess; request: Request; limits?: UploadLimits; traceId?: string },
): Promise<CsvUploadOutcome> {
  authorize(options.access, "imports.write");
  const { request } = options;
  const { teamId } = options.access;
  const limits = options.limits ?? UPLOAD_LIMITS;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return refuse(400, CSV_PROBLEMS.noFile);
  if (Number(request.headers.get("Content-Length") ?? 0) > limits.maxBytes + 64 * 1024) {
    await drainBody(request);
    return refuse(413, CSV_PROBLEMS.tooLarge);
  }

  const upload = receiveUpload(request.body, contentType, limits.maxBytes);
  // A body that is not a well-formed form (or one cut off before the file) cannot be read at all.
  const file = await upload.file.catch(() => undefined);
  if (file === undefined) return refuse(400, UNREADABLE);
  // A form sent with no file chosen still has the file field, with an empty name.
  if (!file?.fileName) return finishUpload(upload, refuse(400, CSV_PROBLEMS.noFile, file?.stream));
  if (!isCsvFileName(file.fileName)) return finishUpload(upload, refuse(400, CSV_PROBLEMS.notCsv, file.stream));
  const segmentName = SegmentNameSchema.shape.name.safeParse(upload.fields.get("segmentName") ?? "");
  const problem = segmentName.error?.issues.find((issue) => issue.code === "too_big");
  if (problem) return finishUpload(upload, refuse(400, { title: "Error", description: problem.message }, file.stream));

  const writer = importWriter(db, {
    access: options.access,
    fileName: file.fileName,
    segmentName: segmentName.data ?? null,
    // A ticked checkbox posts "on"; unticked, the field is absent.
    allowErased: upload.fields.get("allowErased") === "on",
    traceId: options.traceId,
  });
  let toContact = contactReader([], []);
  let read;
  try {
    read = await readCsvBatches(file.stream, {
      batchSize: CSV_CHUNK_ROWS,
      maxRows: limits.maxRows,
      signal: file.tooLarge.signal,
      onHeader(fields) {
        const mapping = autoMapColumns(fields);
        toContact = contactReader(fields, mapping);
        return hasEmailMapping(mapping);
      },
      onBatch: (rows) => writer.write(rows.map(toContact)),
    });
    await upload.finished;
  } catch (error) {
    // A refused chunk says why; a broken database is a bug and surfaces as one; anything else is the upload breaking
    // off.
    if (error === writer.failure && !isAppError(error)) {
      await closeAsFailed(db, teamId, writer.importId, BROKEN);
      throw error;
    }
    const problem = isAppError(error) ? { title: "Import failed", description: error.message } : INTERRUPTED;
    return closeAsFailed(db, teamId, writer.importId, problem);
  }

  if (read.stoppedBy === "signal") return closeAsFailed(db, teamId, writer.importId, CUT_OFF.tooLarge, 413);
  if (read.stoppedBy === "maxRows") return closeAsFailed(db, teamId, writer.importId, CUT_OFF.tooManyRows, 413);
  if (read.stoppedBy === "longRow") {
    const problem = longRowProblem(read.longRow ?? CSV_FIRST_ROW, { imported: writer.importId !== null });
    return closeAsFailed(db, teamId, writer.importId, problem);
  }
  if (!read.fields) return refuse(400, CSV_PROBLEMS.empty);
  if (read.stoppedBy === "header") return refuse(400, CSV_PROBLEMS.missingEmail);
  if (!writer.importId) return refuse(400, CSV_PROBLEMS.headerOnly);
  return { ok: true, summary: await finishImport(db, { teamId, importId: writer.importId, access: options.access }) };
}

/** Opens the import with the first batch, so a file refused at its header leaves no import behind. */
function importWriter(
  db: Database,
  meta: { access: TeamAccess; fileName: string; segmentName: string | null; allowErased: boolean; traceId?: string },
) {
  let importId: string | null = null;
  let chunkIndex = 0;
  let rowsWritten = 0;
  return {
    get importId() {
      return importId;
    },
    /** The error a write threw, to tell it from a failure of the upload itself. */
    failure: undefined as unknown,
    async write(rows: MappedContact[]) {
      try {
        importId ??= (await startImport(db, meta)).id;
        const firstRowNumber = CSV_FIRST_ROW + rowsWritten;
        rowsWritten += rows.length;
        await importChunk(db, { teamId: meta.access.teamId, importId, chunkIndex: chunkIndex++, firstRowNumber, rows });
      } catch (error) {
        this.failure = error;
        throw error;
      }
    },
  };
}

type Upload = {
  fields: Map<string, string>;
  file: Promise<{ fileName: string; stream: Readable; tooLarge: AbortController } | null>;
  /** Settles once the whole body is read; rejects when the body is not a readable form or the client goes away. */
  finished: Promise<void>;
};

/**
 * Streams a multipart body through busboy: text fields before the file are collected, the file is handed over as a
 * stream.
 */
function receiveUpload(body: ReadableStream<Uint8Array>, contentType: string, maxBytes: number): Upload {
  const fields = new Map<string, string>();
  const form = busboy({
    headers: { "content-type": contentType },
    limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: maxBytes },
  });
  const finished = pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), form);
  // Awaited later; until then a failure must not count as unhandled.
  finished.catch(() => {});
  const file = new Promise<Awaited<Upload["file"]>>((resolve, reject) => {
    form.on("field", (name, value) => fields.set(name, value));
    form.on("file", (name, stream, info) => {
      if (name !== "file") return void stream.resume();
      const tooLarge = new AbortController();
      // busboy stops the file at the limit; the import must stop too rather than take a cut-off row.
      stream.on("limit", () => tooLarge.abort());
      resolve({ fileName: info.filename ?? "", stream, tooLarge });
    });
    finished.then(() => resolve(null), reject);
  });
  return { fields, file, finished };
}

function refuse(status: number, problem: CsvProblem, unread?: Readable): CsvUploadOutcome {
  unread?.resume();
  return { ok: false, status, problem };
}

/** Waits for the rest of the body so the browser, still uploading, receives the answer. */
async function finishUpload(upload: Upload, outcome: CsvUploadOutcome): Promise<CsvUploadOutcome> {
  await upload.finished.catch(() => {});
  return outcome;
}

async function drainBody(request: Request) {
  try {
    for await (const _chunk of request.body ?? []) {
      // discarded
    }
  } catch {
    // The client went away; there is nobody left to answer.
  }
}

async function closeAsFailed(
  db: Database,
  teamId: string,
  importId: string | null,
  problem: CsvProblem,
  status = 400,
): Promise<CsvUploadOutcome> {
  if (importId) await failImport(db, { teamId, importId, error: problem.description });
  return { ok: false, status, problem, importId: importId ?? undefined };
}
