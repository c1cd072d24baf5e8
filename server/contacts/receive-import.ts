import type { z } from "zod";
import type { Database } from "#db/database.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { type ChunkResult, finishImport, importChunk, type ImportSummary, startImport } from "./import.ts";
import type { ImportChunkSchema } from "./schemas.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

export type ImportChunkInput = z.infer<typeof ImportChunkSchema>;

/** `traceId` is the import's trace id, for the request's log line; not part of the API's answer. */
export type ImportChunkAnswer = ChunkResult & {
  importId: string;
  segmentId: string | null;
  totals?: ImportSummary;
  traceId: string | null;
};

/**
 * One call of `POST /api/contacts/import`. The first call opens an import (and
 * its segment), under the client's importId when it sends one; `final` (the
 * default for a call without importId) closes it and answers with its totals;
 * `cancel` closes it as cancelled without applying the call's rows.
 * `bytes` is the size of the call's body, counted against the import's MAX_IMPORT_BYTES.
 * `traceId` (this request's id) becomes the trace id of an import this call opens.
 */
export async function receiveImportChunk(
  db: Database,
  options: { access: TeamAccess; input: ImportChunkInput; bytes?: number; traceId?: string },
): Promise<ImportChunkAnswer> {
  authorize(options.access, "imports.write");
  const { teamId } = options.access;
  const { input } = options;
  const request = { bytes: options.bytes ?? 0 };
  const known = input.importId ? await findImportTrace(db, { teamId, importId: input.importId }) : undefined;
  const opened =
    known ??
    (await startImport(db, {
      access: options.access,
      id: input.importId,
      fileName: input.fileName,
      segmentName: input.segmentName,
      allowErased: input.allowErased,
      traceId: options.traceId,
    }));
  if (input.cancel) {
    const totals = await finishImport(db, { teamId, importId: opened.id, status: "cancelled", access: options.access });
    return {
      imported: 0,
      updated: 0,
      skipped: 0,
      errors: [],
      importId: opened.id,
      segmentId: totals.segmentId,
      totals,
      traceId: opened.traceId,
    };
  }
  const result = await importChunk(db, {
    teamId,
    importId: opened.id,
    chunkIndex: input.chunkIndex ?? 0,
    // Row 1 of a CSV is its header, so the first contact is row 2 unless told otherwise.
    firstRowNumber: input.firstRow ?? 2,
    rows: input.contacts,
    bytes: request.bytes,
    afterPrevious: input.afterPrevious,
  });
  const final = input.final ?? !input.importId;
  const totals = final ? await finishImport(db, { teamId, importId: opened.id, access: options.access }) : undefined;
  return {
    ...result,
    importId: opened.id,
    segmentId: totals?.segmentId ?? opened.segmentId,
    totals,
    traceId: opened.traceId,
  };
}

/** An import of the team the client names, with the trace id it was opened under; undefined when there is none. */
async function findImportTrace(db: Database, options: { teamId: string; importId: string }) {
  if (!isWellFormedId(options.importId)) return undefined;
  return db
    .selectFrom("imports")
    .select(["id", "segmentId", "traceId"])
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}
