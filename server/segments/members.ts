import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "#db/database.ts";
import type { DB } from "#db/types.ts";
import { AppError } from "#server/errors.ts";
import { filterContacts } from "./filter/query.ts";
import { storedFilter } from "./filter/references.ts";
import { withoutJit } from "./filter/without-jit.ts";

/** A query of contact ids, to be used inside a larger statement (never fetched into memory). */
export type ContactIdsQuery = SelectQueryBuilder<DB, any, { contactId: string }>;

type SegmentRow = { id: string; kind: string; filter: unknown };

/**
 * The contacts of one of the team's segments, as a subquery with a single column
 * `contactId`: campaigns resolve their recipients with it in one INSERT ... SELECT,
 * so a segment of a million contacts never passes through the application.
 * Static segments read their membership rows; filter segments compile their
 * filter, evaluated now. Another team's segment is NOT_FOUND.
 */
export async function segmentContactIds(
  db: Database,
  options: { teamId: string; segmentId: string },
): Promise<ContactIdsQuery> {
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind", "filter"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found.");
  return membersQuery(db, options.teamId, segment);
}

async function membersQuery(db: Database, teamId: string, segment: SegmentRow): Promise<ContactIdsQuery> {
  if (segment.kind === "filter") {
    const filter = storedFilter(segment.filter);
    if (!filter)
      return db
        .selectFrom("contacts as c")
        .select("c.id as contactId")
        .where(sql<boolean>`false`);
    const matching = await filterContacts(db, { teamId, filter, stored: true });
    // A derived table of its own, so the CTEs of segments its filter names more than once
    // stay inside it when campaigns join several segments in one UNION.
    return db.selectFrom(matching.select("c.id as contactId").as("f")).select("f.contactId");
  }
  return db
    .selectFrom("segmentMembers")
    .select("segmentMembers.contactId")
    .where("segmentMembers.segmentId", "=", segment.id);
}

/**
 * How many contacts one segment holds right now: a static segment's membership
 * rows, or a filter segment's tree evaluated now. With `timeoutMs`, a count that
 * runs past it is cancelled and answered as an UNAVAILABLE AppError; a stored
 * tree too large to evaluate is a TOO_LARGE AppError, before any SQL is written.
 * Inside a transaction, the count runs in it (segment-count-store.ts locks a
 * static segment's row first).
 */
export async function countSegmentMembers(
  db: Database,
  options: { teamId: string; segment: SegmentRow; timeoutMs?: number },
): Promise<number> {
  const members = await membersQuery(db, options.teamId, options.segment);
  const row = await withoutJit(
    db,
    (trx) =>
      trx
        .selectFrom(members.as("m"))
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    { timeoutMs: options.timeoutMs },
  );
  return row.n;
}
