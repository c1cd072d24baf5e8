import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/**
 * The `limit` event names done most often in the local days `[from, to]` of
 * `timeZone`, most frequent first, ties by name. Exact for any zone: the UTC days
 * wholly inside the range are read from the daily counts, and the hours before the
 * first and after the last of them (or the whole range, when it holds no whole UTC
 * day) from the hourly counts, so no hour is counted twice or left out.
 */
export async function rankEventNames(
  db: Database,
  options: { teamId: string; timeZone: string; from: string; to: string; limit: number },
): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    with range as (
      select starts, ends,
        -- The first UTC midnight at or after the start, and the last at or before the end.
        (date_trunc('day', (starts - interval '1 microsecond') at time zone 'UTC') + interval '1 day') at time zone 'UTC' as whole_from,
        date_trunc('day', ends at time zone 'UTC') at time zone 'UTC' as whole_to
      from (select (${options.from}::date::timestamp at time zone ${options.timeZone}) as starts,
                   ((${options.to}::date + 1)::timestamp at time zone ${options.timeZone}) as ends) bounds
    ),
    counts as (
      select d.name, d.events from team_event_daily d, range r
      where d.team_id = ${options.teamId} and r.whole_from < r.whole_to
        and d.day >= (r.whole_from at time zone 'UTC')::date and d.day < (r.whole_to at time zone 'UTC')::date
      union all
      select h.name, h.events from team_event_hourly h, range r
      where h.team_id = ${options.teamId} and h.hour >= r.starts and h.hour < least(r.whole_from, r.ends)
      union all
      select h.name, h.events from team_event_hourly h, range r
      where h.team_id = ${options.teamId} and h.hour >= greatest(r.whole_to, r.whole_from, r.starts) and h.hour < r.ends
    )
    select name from counts group by name order by sum(events) desc, name limit ${options.limit}
  `.execute(db);
  return rows.map((row) => row.name);
}
