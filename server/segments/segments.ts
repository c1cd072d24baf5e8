import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { newId } from "../../db/ids.ts";
import { AppError } from "../errors.ts";
import { isWellFormedId } from "../not-found.ts";
import { type CountBudget, countFilterSegments } from "./segment-counts.ts";

/** A segment as the list shows it; contactCount is null when it could not be counted in time (segment-counts.ts). */
export type SegmentCard = { id: string; name: string; kind: string; contactCount: number | null; createdAt: Date };

const NOT_FOUND = "Segment not found.";

/** A new static segment; the name is trimmed and must not be blank. */
export async function createSegment(db: Database, options: { teamId: string; name: string }): Promise<{ id: string; name: string }> {
  const name = options.name.trim();
  if (!name) throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  const id = newId();
  await db.insertInto("segments").values({ id, teamId: options.teamId, name, kind: "static" }).execute();
  return { id, name };
}

/**
 * The team's segments, newest first, each with its number of contacts: static
 * segments count their rows, filter segments are evaluated now, within a
 * bounded budget (countFilterSegments); one that does not finish in time, or
 * is too large to evaluate, has a null count rather than failing the list.
 */
export async function listSegments(db: Database, options: { teamId: string; budget?: Partial<CountBudget> }): Promise<SegmentCard[]> {
  const rows = await db
    .selectFrom("segments")
    .select([
      "segments.id",
      "segments.name",
      "segments.kind",
      "segments.filter",
      "segments.createdAt",
      (eb) =>
        eb
          .selectFrom("segmentMembers")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("segmentMembers.segmentId", "=", "segments.id")
          .as("contactCount"),
    ])
    .where("segments.teamId", "=", options.teamId)
    .orderBy("segments.createdAt", "desc")
    .orderBy("segments.id", "desc")
    .execute();
  const filterSegments = rows.filter((row) => row.kind === "filter");
  const counts = await countFilterSegments(db, { teamId: options.teamId, segments: filterSegments, budget: options.budget });
  return rows.map(({ filter: _filter, ...row }) => ({
    ...row,
    contactCount: row.kind === "filter" ? (counts.get(row.id) ?? null) : Number(row.contactCount ?? 0),
  }));
}

/** The team's segments by name, for pickers that need no member counts (a campaign's audience). */
export async function listSegmentChoices(db: Database, options: { teamId: string }): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("segments")
    .select(["segments.id", "segments.name"])
    .where("segments.teamId", "=", options.teamId)
    .orderBy("segments.createdAt", "desc")
    .orderBy("segments.id", "desc")
    .execute();
}

/** Renames one of the team's segments; an unknown, malformed or other team's id is NOT_FOUND. */
export async function renameSegment(db: Database, options: { teamId: string; segmentId: string; name: string }) {
  const name = options.name.trim();
  if (!name) throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  if (!isWellFormedId(options.segmentId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = await db
    .updateTable("segments")
    .set({ name, updatedAt: new Date() })
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** Deletes one of the team's segments (its contacts stay); an unknown, malformed or other team's id is NOT_FOUND. */
export async function deleteSegment(db: Database, options: { teamId: string; segmentId: string }): Promise<void> {
  if (!isWellFormedId(options.segmentId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const result = await db
    .deleteFrom("segments")
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new AppError("NOT_FOUND", NOT_FOUND);
}

/**
 * Links contacts to a static segment. Ids that are not this team's contacts are
 * ignored (and counted), so another team's data is never touched.
 */
export async function addContactsToSegment(
  db: Database,
  options: { teamId: string; segmentId: string; contactIds: string[] },
): Promise<{ linked: number; ignored: number }> {
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (segment.kind !== "static") throw new AppError("CONFLICT", "Contacts can only be added to a static segment.");
  const unique = [...new Set(options.contactIds)];
  const result = await sql<{ linked: number; known: number }>`
    with known as (
      select id from contacts where team_id = ${options.teamId} and id = any(${unique}::uuid[])
    ), linked as (
      insert into segment_members (segment_id, contact_id)
      select ${segment.id}::uuid, id from known
      on conflict do nothing
      returning 1
    )
    select (select count(*) from linked)::int as linked, (select count(*) from known)::int as known
  `.execute(db);
  const row = result.rows[0] ?? { linked: 0, known: 0 };
  return { linked: row.known, ignored: unique.length - row.known };
}
