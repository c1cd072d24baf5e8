import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { notifyContactChanges } from "#server/contact-changes.ts";

/**
 * A segment as lists show it, with its stored member count and when that was
 * counted (recount-segment.ts): both null while a new or edited filter segment
 * waits for its first count; a null count with a time means it could not be
 * counted then (too slow or too large).
 */
export type SegmentCard = {
  id: string;
  name: string;
  kind: string;
  contactCount: number | null;
  countedAt: Date | null;
  createdAt: Date;
};

/** Segments per page of the Segments page; the API's default page is larger. */
export const SEGMENTS_PAGE_SIZE = 30;
export const MAX_SEGMENTS_PAGE_SIZE = 500;

const NOT_FOUND = "Segment not found.";

/** A new static segment, counted at once (it has no members yet); the name is trimmed and must not be blank. */
export async function createSegment(
  db: Database,
  options: { access: TeamAccess; name: string },
): Promise<{ id: string; name: string }> {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  const name = options.name.trim();
  if (!name)
    throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  const id = newId();
  const now = new Date();
  await db
    .insertInto("segments")
    .values({
      id,
      teamId,
      name,
      kind: "static",
      contactCount: 0,
      countedAt: now,
      countAttemptedAt: now,
    })
    .execute();
  await recordAudit(db, {
    access: options.access,
    action: "segment.created",
    target: { kind: "segment", id, label: name },
    details: { kind: "static" },
  });
  return { id, name };
}

/**
 * One page of the team's segments, newest first (created_at desc, id desc, the
 * order of segments_team_created_idx), by keyset: `after` is a page's
 * nextCursor, `before` its previousCursor; a cursor that is not one of ours is
 * INVALID. Each segment carries its stored count and its time: nothing is
 * counted here, so a page costs one index range read however many segments,
 * filters or nested references the team has.
 */
export async function listSegments(
  db: Database,
  options: { teamId: string; limit?: number } & PageRequest,
): Promise<KeysetPage<SegmentCard>> {
  const limit = Math.min(Math.max(options.limit ?? SEGMENTS_PAGE_SIZE, 1), MAX_SEGMENTS_PAGE_SIZE);
  const query = db
    .selectFrom("segments")
    .select(["id", "name", "kind", "contactCount", "countedAt", "createdAt", createdAtText()])
    .where("teamId", "=", options.teamId)
    .limit(limit + 1);
  const page = toKeysetPage(await newestFirst(query, options).execute(), {
    limit,
    request: options,
    cursorOf: cursorOfCreatedAt,
  });
  return { ...page, rows: page.rows.map(({ createdAtText: _, ...card }) => card) };
}

/** The team's segments by name, for pickers that need no member counts (a campaign's audience). */
export async function listSegmentChoices(
  db: Database,
  options: { teamId: string },
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("segments")
    .select(["segments.id", "segments.name"])
    .where("segments.teamId", "=", options.teamId)
    .orderBy("segments.createdAt", "desc")
    .orderBy("segments.id", "desc")
    .execute();
}

/** Renames one of the team's segments; an unknown, malformed or other team's id is NOT_FOUND. */
export async function renameSegment(db: Database, options: { access: TeamAccess; segmentId: string; name: string }) {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  const name = options.name.trim();
  if (!name)
    throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  if (!isWellFormedId(options.segmentId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = await db
    .updateTable("segments")
    .set({ name, updatedAt: new Date() })
    .where("id", "=", options.segmentId)
    .where("teamId", "=", teamId)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  await recordAudit(db, {
    access: options.access,
    action: "segment.edited",
    target: { kind: "segment", id: row.id, label: row.name },
    details: { changed: ["name"] },
  });
  return row;
}

/** Deletes one of the team's segments (its contacts stay); an unknown, malformed or other team's id is NOT_FOUND. */
export async function deleteSegment(db: Database, options: { access: TeamAccess; segmentId: string }): Promise<void> {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  if (!isWellFormedId(options.segmentId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const deleted = await db
    .deleteFrom("segments")
    .where("id", "=", options.segmentId)
    .where("teamId", "=", teamId)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!deleted) throw new AppError("NOT_FOUND", NOT_FOUND);
  await recordAudit(db, {
    access: options.access,
    action: "segment.deleted",
    target: { kind: "segment", id: deleted.id, label: deleted.name },
  });
}

/**
 * Links contacts to a static segment. Ids that are not this team's contacts are
 * ignored (and counted), so another team's data is never touched.
 */
export async function addContactsToSegment(
  db: Database,
  options: { access: TeamAccess; segmentId: string; contactIds: string[] },
): Promise<{ linked: number; ignored: number }> {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (segment.kind !== "static") throw new AppError("CONFLICT", "Contacts can only be added to a static segment.");
  const unique = [...new Set(options.contactIds)];
  // The new members and their journey entries commit together (inside the caller's transaction when there is one).
  const link = async (trx: Database) => {
    const result = await sql<{ linked: number; known: number; joined: string[] }>`
    with known as (
      select id from contacts where team_id = ${teamId} and id = any(${unique}::uuid[])
    ), linked as (
      insert into segment_members (segment_id, contact_id)
      select ${segment.id}::uuid, id from known
      on conflict do nothing
      returning contact_id
    )
    select (select count(*) from linked)::int as linked, (select count(*) from known)::int as known,
      array(select contact_id::text from linked) as joined
  `.execute(trx);
    const row = result.rows[0] ?? { linked: 0, known: 0, joined: [] };
    // With the new members: they enter the journeys that start with this segment.
    await notifyContactChanges(trx, { teamId, joined: { segmentId: segment.id, contactIds: row.joined } });
    return row;
  };
  const row = db.isTransaction ? await link(db) : await db.transaction().execute(link);
  return { linked: row.known, ignored: unique.length - row.known };
}
