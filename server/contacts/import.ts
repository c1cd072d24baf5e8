import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { newId, newIds } from "../../db/ids.ts";
import { AppError } from "../errors.ts";
import { createSegment } from "../segments/segments.ts";
import { type IncomingContact, prepareRows, type SkippedRow } from "./import-rows.ts";
import { keepContactStatisticsCurrent } from "./table-statistics.ts";

export const MAX_IMPORT_ROWS = 1_000_000;
export const MAX_CHUNK_ROWS = 10_000;
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
 * `bytes` (the chunk's request body, 0 when it has none) counts towards the
 * import's MAX_IMPORT_BYTES; a chunk that would pass a limit is refused whole.
 */
export async function importChunk(
  db: Database,
  options: { teamId: string; importId: string; chunkIndex: number; firstRowNumber: number; rows: IncomingContact[]; bytes?: number },
): Promise<ChunkResult> {
  const bytes = options.bytes ?? 0;
  if (options.rows.length > MAX_CHUNK_ROWS) {
    throw new AppError("TOO_LARGE", `A chunk holds at most ${MAX_CHUNK_ROWS.toLocaleString("en-US")} rows.`);
  }
  const { contacts, skipped } = prepareRows(options.rows, options.firstRowNumber);
  await keepContactStatisticsCurrent(db, options.teamId);

  return retryOnNewEmailRace(() => db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("imports")
      .select(["status", "rowsReceived", "bytesReceived", "segmentId"])
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
    if (current.bytesReceived + bytes > MAX_IMPORT_BYTES) {
      throw new AppError(
        "TOO_LARGE",
        "An import takes at most 250 MB of request bodies in all (a 200 MB file as JSON), and this chunk would pass that. Split the contacts into several imports.",
      );
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
    return stored;
  }));
}

// Another import (or API call) of the same team may add one of the chunk's new
// emails after the chunk looked them up; its transaction then fails whole, and
// the next attempt sees that contact and updates it.
async function retryOnNewEmailRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const raced = (error as { code?: string; constraint?: string }).code === "23505" &&
        (error as { constraint?: string }).constraint === "contacts_team_email_key";
      if (!raced || attempt >= 3) throw error;
    }
  }
}

type Upserted = { inserted: number; updated: number; duplicates: { rowNumber: number; email: string }[] };

/**
 * Writes a chunk's contacts: first the team's contacts with these emails are
 * looked up, then, in one statement, those are updated where the row has a value
 * and the other rows are inserted with a plain INSERT (no per-row conflict
 * handling). A contact this import already wrote is a duplicate across chunks,
 * not an update. Should another transaction insert one of these emails in
 * between, the unique index refuses the statement and the caller runs the chunk again.
 */
async function upsertContacts(
  trx: Database,
  teamId: string,
  importId: string,
  segmentId: string | null,
  contacts: { email: string; name: string | null; phone: string | null; rowNumber: number }[],
): Promise<Upserted> {
  if (contacts.length === 0) return { inserted: 0, updated: 0, duplicates: [] };
  // All the chunk's emails are looked up before anything is written, in one scan
  // of the unique index for the array of them (PostgreSQL sorts the array and
  // walks the index once, about a third of the time of a probe per email); the few
  // found are then matched to their rows by a hash on lower(email). The contacts
  // table is only read through that index condition, so the plan cannot become a
  // scan of all the team's contacts, and a lookup that ran interleaved with the
  // inserts would, on a nearly empty table, rescan the rows this very statement
  // had just added.
  const found = await sql<{ index: number; id: string; duplicate: boolean }>`
    with i as materialized (
      select lower(email) as key, ord from unnest(${contacts.map((c) => c.email)}::text[]) with ordinality as u(email, ord)
    )
    select (i.ord - 1)::int as index, c.id, c.duplicate
    from i join (
      select id, lower(email) as key, last_import_id is not distinct from ${importId}::uuid as duplicate
      from contacts
      where team_id = ${teamId} and lower(email) = any(array(select key from i))
    ) c on c.key = i.key
  `.execute(trx);
  const existing = new Map(found.rows.map((row) => [row.index, row]));
  const known = found.rows.map((row) => ({ id: row.id, contact: contacts[row.index]! }));
  const fresh = contacts.filter((_, index) => !existing.has(index));
  // In ascending order, as the rows are inserted: each id then lands after the one
  // before it in the primary key, instead of at a random place among the chunk's.
  const ids = newIds(fresh.length).sort();

  const result = await sql<{ inserted: number }>`
    with updated as (
      update contacts c set
        name = coalesce(u.name, c.name),
        phone = coalesce(u.phone, c.phone),
        last_import_id = ${importId},
        updated_at = now()
      from unnest(
        ${known.map((k) => k.id)}::uuid[], ${known.map((k) => k.contact.name)}::text[], ${known.map((k) => k.contact.phone)}::text[]
      ) as u(id, name, phone)
      where c.id = u.id
      returning c.id
    ),
    inserted as (
      insert into contacts (id, team_id, email, name, phone, last_import_id)
      select n.id, ${teamId}, n.email, n.name, n.phone, ${importId} from unnest(
        ${ids}::uuid[], ${fresh.map((c) => c.email)}::text[], ${fresh.map((c) => c.name)}::text[], ${fresh.map((c) => c.phone)}::text[]
      ) as n(id, email, name, phone)
      returning id
    ),
    joined as (
      insert into segment_members (segment_id, contact_id)
      select ${segmentId}::uuid, x.id from (select id from updated union all select id from inserted) x
      where ${segmentId}::uuid is not null
      on conflict do nothing
    )
    select (select count(*) from inserted)::int as inserted
  `.execute(trx);
  const duplicates = found.rows
    .filter((row) => row.duplicate)
    .map((row) => ({ rowNumber: contacts[row.index]!.rowNumber, email: contacts[row.index]!.email }));
  return { inserted: result.rows[0]!.inserted, updated: found.rows.length - duplicates.length, duplicates };
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
