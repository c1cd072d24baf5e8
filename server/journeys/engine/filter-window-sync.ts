import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { resolveReferences, storedFilter } from "#server/segments/filter/references.ts";
import { sourceKey, type WindowSource, windowSourcesOf } from "./filter-window-sources.ts";

/** Before every contact id: a swept time with it means "nothing at that time swept yet". */
export const FIRST_CONTACT_ID = "00000000-0000-0000-0000-000000000000";

type Watched = { journeyId: string; teamId: string; paused: boolean; startedAt: Date; source: WindowSource };

/**
 * Makes journey_entry_windows hold one row for each drift-in source of each live
 * or paused journey that starts with a filter segment, as the segment's filter
 * (and the filter segments it names) stands now, and no other rows.
 *
 * A new row starts at the journey's start: a contact who drifted in since the
 * journey went live, and still matches when swept, enters (a journey that went
 * live a minute before the first sweep loses nobody). The rows of a paused
 * journey are moved on to `now` without entering anyone, so resuming it does not
 * enter the contacts who drifted in while it was paused, as no write entered them
 * either. Idempotent; several workers may run it at once.
 */
export async function syncEntryWindows(db: Database, options: { now: Date }): Promise<number> {
  const watched = await watchedSources(db, options.now);
  const keys = watched.map((w) => sourceKey(w.source));
  const days = watched.map((w) => w.source.days);
  await sql`delete from journey_entry_windows w
    where (w.journey_id, w.source) not in (select * from unnest(${watched.map((w) => w.journeyId)}::uuid[], ${keys}::text[]))`.execute(
    db,
  );
  if (watched.length === 0) return 0;
  await sql`insert into journey_entry_windows (journey_id, source, team_id, swept_at, swept_contact_id, next_check_at)
    select n.journey_id, n.source, n.team_id, n.started_at - make_interval(days => n.days), ${FIRST_CONTACT_ID}::uuid,
      ${options.now.toISOString()}::timestamptz
    from unnest(${watched.map((w) => w.journeyId)}::uuid[], ${keys}::text[], ${watched.map((w) => w.teamId)}::uuid[],
      ${watched.map((w) => w.startedAt.toISOString())}::timestamptz[], ${days}::int[])
      as n(journey_id, source, team_id, started_at, days)
    on conflict (journey_id, source) do nothing`.execute(db);
  const paused = watched.filter((w) => w.paused);
  if (paused.length > 0)
    await sql`update journey_entry_windows w
      set swept_at = ${options.now.toISOString()}::timestamptz - make_interval(days => p.days),
        swept_contact_id = ${FIRST_CONTACT_ID}::uuid
      from unnest(${paused.map((w) => w.journeyId)}::uuid[], ${paused.map((w) => sourceKey(w.source))}::text[],
        ${paused.map((w) => w.source.days)}::int[]) as p(journey_id, source, days)
      where w.journey_id = p.journey_id and w.source = p.source`.execute(db);
  return watched.length;
}

/** Every drift-in source of the live and paused journeys that start with a filter segment. */
async function watchedSources(db: Database, now: Date): Promise<Watched[]> {
  // Few rows: journeys that start with a segment, across teams; the filters are small.
  const { rows } = await sql<{ id: string; teamId: string; state: string; startedAt: Date | null; filter: string }>`
    select j.id, j.team_id as "teamId", j.state, j.started_at as "startedAt", s.filter::text as filter
    from journeys j
    join segments s on s.id = j.entry_segment_id and s.team_id = j.team_id and s.kind = 'filter'
    where j.state in ('live', 'paused') and j.entry_type = 'segment' and s.filter is not null`.execute(db);
  const watched: Watched[] = [];
  for (const row of rows) {
    const filter = storedFilter(JSON.parse(row.filter));
    if (!filter) continue;
    let segments;
    try {
      segments = await resolveReferences(db, { teamId: row.teamId, filter, stored: true });
    } catch (error) {
      // A filter too large to compile is never evaluated, so there is nothing to watch.
      if (error instanceof AppError) continue;
      throw error;
    }
    const startedAt = row.startedAt ?? now;
    for (const source of windowSourcesOf(filter, segments))
      watched.push({ journeyId: row.id, teamId: row.teamId, paused: row.state === "paused", startedAt, source });
  }
  return watched;
}
