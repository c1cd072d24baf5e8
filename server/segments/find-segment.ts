import type { Database } from "#db/database.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";

export type SegmentSummary = { id: string; name: string; kind: string };

/**
 * One segment of the team. An unknown id, a malformed one and another team's are
 * all NOT_FOUND ("Segment not found."), never a database error.
 */
export async function getSegment(
  db: Database,
  options: { teamId: string; segmentId: string },
): Promise<SegmentSummary> {
  return requireFound(await findSegment(db, options), "Segment not found.");
}

/**
 * One segment of the team, or undefined when the team has none by that id (a
 * malformed id or another team's alike). Only for callers to whom absence is a
 * normal answer, such as a link that may name a segment deleted since.
 */
export async function findSegment(
  db: Database,
  options: { teamId: string; segmentId: string | undefined },
): Promise<SegmentSummary | undefined> {
  if (!isWellFormedId(options.segmentId)) return undefined;
  return db
    .selectFrom("segments")
    .select(["id", "name", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}
