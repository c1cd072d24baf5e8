import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { type ChunkResult, finishImport, importChunk, type ImportSummary, startImport } from "./import.ts";
import type { ImportChunkSchema } from "./schemas.ts";

export type ImportChunkInput = z.infer<typeof ImportChunkSchema>;

export type ImportChunkAnswer = ChunkResult & { importId: string; segmentId: string | null; totals?: ImportSummary };

/**
 * One call of `POST /api/contacts/import`. Without an importId it opens an import
 * (and its segment); with `final` (the default for a one-call import) it closes it
 * and answers with the import's totals too.
 */
export async function receiveImportChunk(db: Database, teamId: string, input: ImportChunkInput): Promise<ImportChunkAnswer> {
  const opened = input.importId
    ? { id: input.importId, segmentId: null }
    : await startImport(db, { teamId, fileName: input.fileName, segmentName: input.segmentName });
  const result = await importChunk(db, {
    teamId,
    importId: opened.id,
    chunkIndex: input.chunkIndex ?? 0,
    // Row 1 of a CSV is its header, so the first contact is row 2 unless told otherwise.
    firstRowNumber: input.firstRow ?? 2,
    rows: input.contacts,
  });
  const final = input.final ?? !input.importId;
  const totals = final ? await finishImport(db, { teamId, importId: opened.id }) : undefined;
  return { ...result, importId: opened.id, segmentId: totals?.segmentId ?? opened.segmentId, totals };
}
