import type { Database } from "../../db/database.ts";

export type SegmentSummary = { id: string; name: string; kind: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One segment of the team, or undefined when the team has none by that id.
 * A malformed id or another team's id is answered the same way (never a
 * database error), so callers can turn "undefined" into a plain 404.
 */
export async function findSegment(
  db: Database,
  options: { teamId: string; segmentId: string | undefined },
): Promise<SegmentSummary | undefined> {
  if (!options.segmentId || !UUID.test(options.segmentId)) return undefined;
  return db
    .selectFrom("segments")
    .select(["id", "name", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}
