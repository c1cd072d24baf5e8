import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { newId } from "../../db/ids.ts";
import { AppError } from "../errors.ts";
import { createSegment } from "../segments/segments.ts";
import { type IncomingContact, prepareRows, type SkippedRow } from "./import-rows.ts";

export const MAX_IMPORT_ROWS = 1_000_000;
export const MAX_CHUNK_ROWS = 10_000;

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
 */
export async function startImport(
  db: Database,
  options: { teamId: string; id?: string; fileName?: string | null; segmentName?: string | null },
): Promise<{ id: string; segmentId: string | null }> {
  const id = options.id ?? newId();
  return db.transaction().execute(async (trx) => {
    // Serialises two first requests racing with the same id.
    await sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`.execute(trx);
    const existing = await trx.selectFrom("imports").select(["teamId", "segmentId"]).where("id", "=", id).executeTakeFirst();
    if (existing) {
      if (existing.teamId !== options.teamId) throw new AppError("NOT_FOUND", "Import not found.");
      return { id, segmentId: existing.segmentId };
    }
    const segmentName = options.segmentName?.trim();
    const segment = segmentName ? await createSegment(trx, { teamId: options.teamId, name: segmentName }) : null;
    await trx
      .insertInto("imports")
      .values({ id, teamId: options.teamId, fileName: options.fileName?.slice(0, 255) ?? null, segmentId: segment?.id ?? null })
      .execute();
    return { id, segmentId: segment?.id ?? null };
  });
}

/**
 * Applies one chunk of rows in one transaction: new emails become contacts,
 * known ones are updated where the row has a value (empty cells keep what is
 * there), the rest are skipped with a reason. A chunk index already applied
 * returns its first result and changes nothing, so a retried upload is safe.
 */
export async function importChunk(
  db: Database,
  options: { teamId: string; importId: string; chunkIndex: number; firstRowNumber: number; rows: IncomingContact[] },
): Promise<ChunkResult> {
  if (options.rows.length > MAX_CHUNK_ROWS) {
    throw new AppError("TOO_LARGE", `A chunk holds at most ${MAX_CHUNK_ROWS.toLocaleString("en-US")} rows.`);
  }
  const { contacts, skipped } = prepareRows(options.rows, options.firstRowNumber);

  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("imports")
      .select(["status", "rowsReceived", "segmentId"])
      .where("id", "=", options.importId)
      .where("teamId", "=", options.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError("NOT_FOUND", "Import not found.");

    const done = await trx
      .selectFrom("importChunks")
      .select("result")
      .where("importId", "=", options.importId)
      .where("chunkIndex", "=", options.chunkIndex)
      .executeTakeFirst();
    if (done) return done.result as ChunkResult;
    if (current.status !== "running") throw new AppError("CONFLICT", `This import is ${current.status}; start a new one.`);
    if (current.rowsReceived + options.rows.length > MAX_IMPORT_ROWS) {
      throw new AppError("TOO_LARGE", `An import holds at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`);
    }

    const outcome = await upsertContacts(trx, options.teamId, options.importId, current.segmentId, contacts);
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
        .expression(() =>
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
        imported: eb("imported", "+", result.imported),
        updated: eb("updated", "+", result.updated),
        skipped: eb("skipped", "+", result.skipped),
      }))
      .where("id", "=", options.importId)
      .execute();
    // Only the first errors travel in the stored result; the full list is in import_skips.
    const stored: ChunkResult = { ...result, errors: result.errors.slice(0, 100) };
    await trx
      .insertInto("importChunks")
      .values({ importId: options.importId, chunkIndex: options.chunkIndex, result: JSON.stringify(stored) })
      .execute();
    return stored;
  });
}

type Upserted = { inserted: number; updated: number; duplicates: { rowNumber: number; email: string }[] };

// One statement for the whole chunk. The `prior` CTE reads the rows as they were
// before this statement, which tells a contact this import already wrote (a
// duplicate across chunks) from one that existed before the import (an update).
async function upsertContacts(
  trx: Database,
  teamId: string,
  importId: string,
  segmentId: string | null,
  contacts: { email: string; name: string | null; phone: string | null; rowNumber: number }[],
): Promise<Upserted> {
  if (contacts.length === 0) return { inserted: 0, updated: 0, duplicates: [] };
  const ids = contacts.map(() => newId());
  const result = await sql<{ inserted: boolean; duplicate: boolean; rowNumber: number; email: string }>`
    with input as (
      select * from unnest(
        ${ids}::uuid[], ${contacts.map((c) => c.email)}::text[], ${contacts.map((c) => c.name)}::text[],
        ${contacts.map((c) => c.phone)}::text[], ${contacts.map((c) => c.rowNumber)}::int[]
      ) as t(id, email, name, phone, row_number)
    ),
    prior as (
      select lower(c.email) as key, c.last_import_id from contacts c
      where c.team_id = ${teamId} and lower(c.email) in (select lower(email) from input)
    ),
    upserted as (
      insert into contacts (id, team_id, email, name, phone, last_import_id)
      select id, ${teamId}, email, name, phone, ${importId} from input
      on conflict (team_id, lower(email)) do update set
        name = coalesce(excluded.name, contacts.name),
        phone = coalesce(excluded.phone, contacts.phone),
        last_import_id = excluded.last_import_id,
        updated_at = now()
      returning contacts.id, lower(contacts.email) as key, (xmax = 0) as inserted
    ),
    joined as (
      insert into segment_members (segment_id, contact_id)
      select ${segmentId}::uuid, u.id from upserted u where ${segmentId}::uuid is not null
      on conflict do nothing
    )
    select u.inserted, coalesce(p.last_import_id = ${importId}::uuid, false) as duplicate,
           i.row_number as "rowNumber", i.email
    from upserted u
    join input i on lower(i.email) = u.key
    left join prior p on p.key = u.key
  `.execute(trx);
  const summary: Upserted = { inserted: 0, updated: 0, duplicates: [] };
  for (const row of result.rows) {
    if (row.inserted) summary.inserted += 1;
    else if (row.duplicate) summary.duplicates.push({ rowNumber: row.rowNumber, email: row.email });
    else summary.updated += 1;
  }
  return summary;
}

/** Closes an import; its totals no longer change. */
export async function finishImport(
  db: Database,
  options: { teamId: string; importId: string; status?: "completed" | "cancelled" },
): Promise<ImportSummary> {
  const row = await db
    .updateTable("imports")
    .set({ status: options.status ?? "completed", finishedAt: new Date() })
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .where("status", "=", "running")
    .returning(["id", "status", "segmentId", "rowsReceived", "imported", "updated", "skipped"])
    .executeTakeFirst();
  if (row) return row;
  const existing = await getImport(db, options);
  if (!existing) throw new AppError("NOT_FOUND", "Import not found.");
  return existing;
}

export async function getImport(db: Database, options: { teamId: string; importId: string }): Promise<ImportSummary | undefined> {
  return db
    .selectFrom("imports")
    .select(["id", "status", "segmentId", "rowsReceived", "imported", "updated", "skipped"])
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}

/** Skipped rows of an import in file order, a page at a time after `afterRow`, for the downloadable report. */
export function listImportSkips(db: Database, options: { teamId: string; importId: string; afterRow: number; limit: number }) {
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
