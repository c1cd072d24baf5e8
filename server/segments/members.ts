import type { SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/types.ts";
import { AppError } from "../errors.ts";

/** A query of contact ids, to be used inside a larger statement (never fetched into memory). */
export type ContactIdsQuery = SelectQueryBuilder<DB, any, { contactId: string }>;

/**
 * The contacts of one of the team's segments, as a subquery with a single column
 * `contactId`: campaigns resolve their recipients with it in one INSERT ... SELECT,
 * so a segment of a million contacts never passes through the application.
 * Static segments read their membership rows; filter segments will compile their
 * filter here. Another team's segment is NOT_FOUND.
 */
export async function segmentContactIds(db: Database, options: { teamId: string; segmentId: string }): Promise<ContactIdsQuery> {
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found.");
  return db
    .selectFrom("segmentMembers")
    .select("segmentMembers.contactId")
    .where("segmentMembers.segmentId", "=", segment.id);
}
