import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { queueGoalEvents } from "./queue-goal-events.ts";
import { countPropertyValues } from "./count-property-values.ts";

/**
 * The part of the events ingestion statement that hands its `stored` rows (only
 * events really inserted, so a retried batch whose messageIds are already stored adds
 * nothing) to the rollups: one queue row per batch with each named event's name, time
 * and contact, and its id and properties (for conversions and property values). It
 * touches no rollup row, so concurrent batches never wait for each other here;
 * `rollQueuedEvents` counts them on a worker. Events without a name (identify calls)
 * are not queued.
 */
export function queueEventRollup(teamId: string) {
  return sql`queued as (
      insert into event_rollup_queue (team_id, names, occurred_at, contact_ids, event_ids, properties)
      select ${teamId}, array_agg(name), array_agg(occurred_at), array_agg(contact_id), array_agg(id), array_agg(properties)
      from stored where name is not null having count(*) > 0
    )`;
}

/**
 * Queue rows (ingestion batches, up to 500 events each) counted per transaction: short transactions, few round trips.
 */
export const EVENT_ROLLUP_BATCHES = 100;

/**
 * Takes up to `limit` queued ingestion batches, oldest first, off the queue and adds
 * them to the rollups in the same transaction: events per name and UTC hour (and UTC
 * day, for ranking names over long ranges), and each
 * person once per name and local day (the team's zone when rolled up), counted as
 * they first appear. Anonymous events count as events, not as people.
 *
 * Exactly once: the queue rows are deleted by the statement that counts them, so a
 * worker killed mid-way rolls back both and another takes the rows again. Workers may
 * run at once: each skips rows another has locked, and rollup rows are locked in key
 * order, so they wait for each other instead of deadlocking. Events that name a
 * campaign goal of their team go on to `conversion_queue` in the same statement, and
 * their property values are counted (see the two fragments). A batch becomes visible
 * when its events commit, in whatever order batches commit, so none is missed.
 * With `queuedOverMs`, only batches queued longer ago than that are taken (the rollup
 * worker during a burst of ingestion). Returns how many events were rolled up (0 when
 * none was waiting).
 */
export async function rollQueuedEvents(
  db: Database,
  options: { limit?: number; queuedOverMs?: number } = {},
): Promise<number> {
  const limit = options.limit ?? EVENT_ROLLUP_BATCHES;
  const waitedLongEnough =
    options.queuedOverMs === undefined
      ? sql``
      : sql`where queued_at < now() - make_interval(secs => ${options.queuedOverMs / 1000})`;
  const { rows } = await sql<{ events: number }>`
    with taken as (
      delete from event_rollup_queue
      where id in (select id from event_rollup_queue ${waitedLongEnough} order by id limit ${limit} for update skip locked)
      returning team_id, names, occurred_at, contact_ids, event_ids, properties
    ),
    rolled as (
      select q.team_id, e.name, e.occurred_at, e.contact_id, e.event_id, e.properties, t.time_zone
      from taken q
      join teams t on t.id = q.team_id
      cross join lateral unnest(q.names, q.occurred_at, q.contact_ids, q.event_ids, q.properties)
        as e(name, occurred_at, contact_id, event_id, properties)
    ),
    ${queueGoalEvents()},
    ${countPropertyValues()},
    counted as (
      insert into team_event_hourly (team_id, name, hour, events)
      select team_id, name, analytics_hour(occurred_at), count(*) from rolled
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (team_id, name, hour) do update set events = team_event_hourly.events + excluded.events
    ),
    daily as (
      insert into team_event_daily (team_id, day, name, events)
      select team_id, (occurred_at at time zone 'UTC')::date, name, count(*) from rolled
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (team_id, day, name) do update set events = team_event_daily.events + excluded.events
    ),
    seen as (
      insert into event_people_days (team_id, name, day, contact_id)
      select distinct team_id, name, (occurred_at at time zone time_zone)::date, contact_id
      from rolled where contact_id is not null order by 1, 2, 3, 4
      on conflict do nothing
      returning team_id, name, day
    ),
    people as (
      insert into team_event_daily_people (team_id, name, day, people)
      select team_id, name, day, count(*) from seen group by 1, 2, 3 order by 1, 2, 3
      on conflict (team_id, name, day) do update set people = team_event_daily_people.people + excluded.people
    )
    select count(*)::int as events from rolled
  `.execute(db);
  return rows[0]?.events ?? 0;
}

/** How many events wait to be rolled up, for the benchmarks and monitoring. */
export async function countQueuedEvents(db: Database): Promise<number> {
  const { rows } = await sql<{ events: number }>`
    select coalesce(sum(cardinality(names)), 0)::int as events from event_rollup_queue
  `.execute(db);
  return rows[0]?.events ?? 0;
}
