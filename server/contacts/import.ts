import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { notifyImportDone } from "#server/notifications/import-events.ts";
import { countImportRows } from "#server/metrics/ingestion-metrics.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import { createSegment } from "#server/segments/segments.ts";
import type { WaitClock } from "#server/wait-clock.ts";
import { afterPreviousChunk, PREVIOUS_CHUNK_WAIT_MS, PreviousChunkPending } from "./chunk-order.ts";
import { type IncomingContact, prepareRows, type SkippedRow } from "./import-rows.ts";
import { leaveOutErasedContacts } from "./import-erased.ts";
import { wakeSearchIndexers } from "./search-indexer.ts";
import { keepContactStatisticsCurrent } from "./table-statistics.ts";
import { prepareChunk, upsertContacts } from "./upsert-contacts.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

export const MAX_IMPORT_ROWS = 1_000_000;
export const MAX_CHUNK_ROWS = 10_000;
/** The body of one chunk of POST /api/contacts/import: 10,000 rows with long cells stay well under it. */
export const MAX_CHUNK_BODY_BYTES = 32 * 1024 * 1024;
/**
 * The sum of an import's request bodies. A 200 MB file (CSV_MAX_BYTES) grows as
 * JSON by the field names around its cells, about 40 bytes a row, 40 MB at a
 * million rows: the limit leaves that room, so every file the browser accepts
 * gets through, and no client can pour more than this into one import.
 */
export const MAX_IMPORT_BYTES = 250 * 1024 * 1024;

export type ChunkResult = { imported: number; updated: number; skipped: number; errors: SkippedRow[] };

export type ImportSummary = {
  id: string;
  status: string;
  segmentId: string | null;
  rowsReceived: number;
  imported: number;
  updated: number;
  skipped: number;
};

/**
 * Opens an import; with a segment name, its contacts also join a new static
 * segment of that name. A client may choose the id itself, so that a retried
 * first request finds the import it already opened instead of opening another
 * (and another segment). An id that belongs to another team is not found.
 * `traceId` (the opening request's id) is kept with the import: its chunks, its end and
 * the search indexing of its contacts log it, whichever request or process does them.
 */
export async function startImport(
  db: Database,
  options: {
    access: TeamAccess;
    id?: string;
    fileName?: string | null;
    segmentName?: string | null;
    allowErased?: boolean;
    traceId?: string;
  },
): Promise<{ id: string; segmentId: string | null; traceId: string | null }> {
  authorize(options.access, "imports.write");
  const { teamId } = options.access;
  const id = options.id ?? newId();
  const opened = await db.transaction().execute(async (trx) => {
    // Serialises two first requests racing with the same id.
    await sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`.execute(trx);
    const existing = await trx
      .selectFrom("imports")
      .select(["teamId", "segmentId", "traceId"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (existing) {
      if (existing.teamId !== teamId) throw new AppError("NOT_FOUND", "Import not found.");
      return { id, segmentId: existing.segmentId, traceId: existing.traceId, created: false };
    }
    const segmentName = options.segmentName?.trim();
    const segment = segmentName ? await createSegment(trx, { access: options.access, name: segmentName }) : null;
    await trx
      .insertInto("imports")
      .values({
        id,
        teamId,
        fileName: options.fileName?.slice(0, 255) ?? null,
        segmentId: segment?.id ?? null,
        allowErased: options.allowErased ?? false,
        traceId: options.traceId ?? null,
      })
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "import.started",
      target: { kind: "import", id, label: options.fileName ?? null },
      details: { segmentName: segmentName || null },
    });
    return { id, segmentId: segment?.id ?? null, traceId: options.traceId ?? null, created: true };
  });
  // Once committed: a first request retried after a rollback starts it again.
  if (opened.created) log.info({ traceId: opened.traceId, importId: id, teamId }, "import started");
  return { id: opened.id, segmentId: opened.segmentId, traceId: opened.traceId };
}

/**
 * Applies one chunk of rows in one transaction: new emails become contacts,
 * known ones are updated where the row has a value (empty cells keep what is
 * there), the rest are skipped with a reason. A chunk index already applied
 * returns its first result and changes nothing, so a retried upload is safe.
 * `bytes` (the chunk's request body, 0 when it has none) counts towards the
 * import's MAX_IMPORT_BYTES; a chunk that would pass a limit is refused whole.
 * With `afterPrevious`, the chunk is applied only after chunk `chunkIndex - 1`,
 * waiting for it up to `previousChunkWaitMs` on `clock` (the real one unless given): a client may then send a chunk
 * before
 * the previous one is answered, and a later row of the file still wins.
 */
export async function importChunk(
  db: Database,
  options: {
    teamId: string;
    importId: string;
    chunkIndex: number;
    firstRowNumber: number;
    rows: IncomingContact[];
    bytes?: number;
    afterPrevious?: boolean;
    previousChunkWaitMs?: number;
    clock?: WaitClock;
  },
): Promise<ChunkResult> {
  const bytes = options.bytes ?? 0;
  if (options.rows.length > MAX_CHUNK_ROWS) {
    throw new AppError("TOO_LARGE", `A chunk holds at most ${MAX_CHUNK_ROWS.toLocaleString("en-US")} rows.`);
  }
  const { contacts, skipped } = await leaveOutErasedContacts(db, {
    teamId: options.teamId,
    importId: options.importId,
    ...prepareRows(options.rows, options.firstRowNumber),
  });
  const chunk = prepareChunk(contacts);

  const waitsForPrevious = options.afterPrevious === true && options.chunkIndex > 0;
  const chunksLookedAt = waitsForPrevious ? [options.chunkIndex - 1, options.chunkIndex] : [options.chunkIndex];
  const waitMs = options.previousChunkWaitMs ?? PREVIOUS_CHUNK_WAIT_MS;

  // The import's trace id, read with its row, for this chunk's log line.
  let traceId: string | null = null;
  const applied = await retryOnNewEmailRace(() =>
    afterPreviousChunk(
      () =>
        db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom("imports")
            .select(["status", "rowsReceived", "bytesReceived", "segmentId", "traceId"])
            .where("id", "=", options.importId)
            .where("teamId", "=", options.teamId)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw new AppError("NOT_FOUND", "Import not found.");
          traceId = current.traceId;

          const recorded = await trx
            .selectFrom("importChunks")
            .select(["chunkIndex", "result"])
            .where("importId", "=", options.importId)
            .where("chunkIndex", "in", chunksLookedAt)
            .execute();
          const done = recorded.find((row) => row.chunkIndex === options.chunkIndex);
          if (done) return done.result as ChunkResult;
          if (current.status !== "running")
            throw new AppError("CONFLICT", `This import is ${current.status}; start a new one.`);
          if (waitsForPrevious && recorded.length === 0) throw new PreviousChunkPending();
          if (current.rowsReceived + options.rows.length > MAX_IMPORT_ROWS) {
            throw new AppError("TOO_LARGE", `An import holds at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`);
          }
          if (current.bytesReceived + bytes > MAX_IMPORT_BYTES) {
            throw new AppError(
              "TOO_LARGE",
              "An import takes at most 250 MB of request bodies in all (a 200 MB file as JSON), and this chunk would pass that. Split the contacts into several imports.",
            );
          }

          // The contacts triggers copy it onto the rows they queue for the search indexer.
          if (current.traceId) await sql`select set_config('murmur.trace_id', ${current.traceId}, true)`.execute(trx);
          const outcome = await upsertContacts(trx, options.teamId, options.importId, current.segmentId, chunk);
          const duplicates: SkippedRow[] = outcome.duplicates.map((d) => ({
            rowNumber: d.rowNumber,
            email: d.email,
            reason: "Duplicate of an earlier row in this file (merged)",
          }));
          const errors = [...skipped, ...duplicates].sort((a, b) => a.rowNumber - b.rowNumber);
          const result: ChunkResult = {
            imported: outcome.inserted,
            updated: outcome.updated,
            skipped: errors.length,
            errors,
          };

          if (errors.length > 0) {
            await trx
              .insertInto("importSkips")
              .columns(["importId", "rowNumber", "email", "reason"])
              .expression(
                () =>
                  sql`select ${options.importId}::uuid, r.row_number, r.email, r.reason from unnest(
            ${errors.map((e) => e.rowNumber)}::int[], ${errors.map((e) => e.email)}::text[], ${errors.map((e) => e.reason)}::text[]
          ) as r(row_number, email, reason)`,
              )
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          await trx
            .updateTable("imports")
            .set((eb) => ({
              rowsReceived: eb("rowsReceived", "+", options.rows.length),
              bytesReceived: eb("bytesReceived", "+", bytes),
              imported: eb("imported", "+", result.imported),
              updated: eb("updated", "+", result.updated),
              skipped: eb("skipped", "+", result.skipped),
              lastChunkAt: sql<Date>`now()`,
            }))
            .where("id", "=", options.importId)
            .execute();
          // Only the first errors travel in the stored result; the full list is in import_skips.
          const stored: ChunkResult = { ...result, errors: result.errors.slice(0, 100) };
          await trx
            .insertInto("importChunks")
            .values({ importId: options.importId, chunkIndex: options.chunkIndex, result: JSON.stringify(stored) })
            .execute();
          countImportRows(result);
          return stored;
        }),
      { chunkIndex: options.chunkIndex, waitMs, clock: options.clock },
    ),
  );
  // The chunk's contacts go into the search index now, alongside the next chunk, rather than at the indexer's next look.
  if (applied.imported + applied.updated > 0) wakeSearchIndexers({ queued: applied.imported + applied.updated });
  // After the chunk's transaction, not before: the next chunk, waiting for the
  // import's row lock, then need not wait for an ANALYZE as well.
  await keepContactStatisticsCurrent(db, options.teamId);
  log.info(
    {
      traceId,
      importId: options.importId,
      chunkIndex: options.chunkIndex,
      imported: applied.imported,
      updated: applied.updated,
      skipped: applied.skipped,
    },
    "import chunk applied",
  );
  return applied;
}

// Another import (or API call) of the same team may add one of the chunk's new
// emails after the chunk looked them up; its transaction then fails whole, and
// the next attempt sees that contact and updates it.
async function retryOnNewEmailRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const raced =
        (error as { code?: string; constraint?: string }).code === "23505" &&
        (error as { constraint?: string }).constraint === "contacts_team_email_key";
      if (!raced || attempt >= 3) throw error;
    }
  }
}

/**
 * Closes an import; its totals no longer change. A completed import notifies the team
 * (once), and the audit log records who closed it, when `access` says.
 */
export async function finishImport(
  db: Database,
  options: { teamId: string; importId: string; status?: "completed" | "cancelled"; access?: TeamAccess },
): Promise<ImportSummary> {
  const row = await db
    .updateTable("imports")
    .set({ status: options.status ?? "completed", finishedAt: new Date() })
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .where("status", "=", "running")
    .returning(["id", "status", "segmentId", "rowsReceived", "imported", "updated", "skipped", "traceId"])
    .executeTakeFirst();
  if (row) {
    const { traceId, id, status, imported, updated, skipped } = row;
    log.info({ traceId, importId: id, status, imported, updated, skipped }, "import finished");
  }
  // What the indexers have not yet taken of this import, they take now with every lane.
  if (row) wakeSearchIndexers({ importEnded: true });
  if (row && options.access) {
    const { id, status, rowsReceived, imported, updated, skipped } = row;
    await recordAudit(db, {
      access: options.access,
      action: "import.finished",
      target: { kind: "import", id },
      details: { status, rowsReceived, imported, updated, skipped },
    });
  }
  await notifyImportDone(db, options);
  if (row) {
    const { traceId: _traceId, ...summary } = row;
    return summary;
  }
  return getImport(db, options);
}

/** One import of the team with its totals. An unknown id, a malformed one and another team's are all NOT_FOUND. */
export async function getImport(db: Database, options: { teamId: string; importId: string }): Promise<ImportSummary> {
  return requireFound(await findImport(db, options), "Import not found.");
}

/**
 * One import of the team, or undefined when the team has none by that id. Absence
 * is a normal answer where the client names the import it is about to open.
 */
export async function findImport(
  db: Database,
  options: { teamId: string; importId: string },
): Promise<ImportSummary | undefined> {
  if (!isWellFormedId(options.importId)) return undefined;
  return db
    .selectFrom("imports")
    .select(["id", "status", "segmentId", "rowsReceived", "imported", "updated", "skipped"])
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}

/** Skipped rows of an import in file order, a page at a time after `afterRow`, for the downloadable report. */
export function listImportSkips(
  db: Database,
  options: { teamId: string; importId: string; afterRow: number; limit: number },
) {
  return db
    .selectFrom("importSkips")
    .innerJoin("imports", "imports.id", "importSkips.importId")
    .select(["importSkips.rowNumber", "importSkips.email", "importSkips.reason"])
    .where("importSkips.importId", "=", options.importId)
    .where("imports.teamId", "=", options.teamId)
    .where("importSkips.rowNumber", ">", options.afterRow)
    .orderBy("importSkips.rowNumber")
    .limit(options.limit)
    .execute();
}
