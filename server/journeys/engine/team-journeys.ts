import type { Database } from "#db/database.ts";
import { type JourneyVersion, loadVersions, versionKey } from "./versions.ts";

/** A live journey as ingestion sees it: the version new contacts enter. */
export type LiveJourney = { id: string; version: JourneyVersion };

/** A team's journeys as ingestion needs them. */
export type TeamJourneys = {
  /** Some journey is live or paused: events may enter, advance or convert runs. */
  any: boolean;
  live: LiveJourney[];
  /** Some live journey starts with a filter segment (a static list's members change only by being added). */
  startsWithFilter: boolean;
};

/**
 * How long a process trusts what it read of a team's journeys. A journey that goes
 * live is seen by every process within this long; events of that second may not
 * enter it (as if sent a second before it started).
 */
export const TEAM_JOURNEYS_TTL_MS = 1000;
const MAX_TEAMS = 5000;
const cache = new Map<string, { at: number; journeys: TeamJourneys }>();

/**
 * The team's live journeys with their live versions, read at most once a
 * TEAM_JOURNEYS_TTL_MS per process: one index read for a batch of events, and none
 * at all for most batches, so a team without journeys pays nothing.
 */
export async function teamJourneys(db: Database, teamId: string, now = Date.now()): Promise<TeamJourneys> {
  const cached = cache.get(teamId);
  if (cached && now - cached.at < TEAM_JOURNEYS_TTL_MS) return cached.journeys;
  const rows = await db
    .selectFrom("journeys")
    .select(["id", "state", "liveVersion"])
    .where("teamId", "=", teamId)
    .where("state", "in", ["live", "paused"])
    .execute();
  const liveRows = rows.filter((row) => row.state === "live" && row.liveVersion !== null);
  const versions = await loadVersions(
    db,
    liveRows.map((row) => ({ journeyId: row.id, version: row.liveVersion! })),
  );
  const live = liveRows.flatMap((row) => {
    const version = versions.get(versionKey(row.id, row.liveVersion!));
    return version ? [{ id: row.id, version }] : [];
  });
  const entrySegmentIds = live.flatMap(({ version: { definition } }) =>
    definition.entry.type === "segment" ? [definition.entry.segmentId] : [],
  );
  // A segment's kind never changes, so what is read here holds as long as the journeys do.
  const filterSegment =
    entrySegmentIds.length > 0
      ? await db
          .selectFrom("segments")
          .select("id")
          .where("id", "in", entrySegmentIds)
          .where("kind", "=", "filter")
          .executeTakeFirst()
      : undefined;
  const journeys = { any: rows.length > 0, live, startsWithFilter: filterSegment !== undefined };
  if (cache.size >= MAX_TEAMS) cache.delete(cache.keys().next().value!);
  cache.set(teamId, { at: now, journeys });
  return journeys;
}

/** Forgets what this process read of a team's journeys (a test that just started one, a state change made here). */
export function forgetTeamJourneys(teamId?: string): void {
  if (teamId) cache.delete(teamId);
  else cache.clear();
}
