import { sql } from "kysely";

/** Properties of one event whose values are counted; the others are left out. */
export const PROPERTIES_PER_EVENT = 20;
/** Distinct values kept per (team, UTC day, event name, property); the rest count as "(other)". */
export const VALUES_PER_PROPERTY_DAY = 100;
/** Value text kept, in characters; longer values are cut (and count with others cut the same). */
export const VALUE_CHARS = 100;
/** Longest property name counted. */
const PROPERTY_NAME_CHARS = 200;

/**
 * The part of the rollup statement that counts its `rolled` events' property values
 * per team, event name, property and UTC day, so the Analytics page can show a
 * property's top values without reading events. Bounded whatever the events hold:
 * top-level string, number and boolean values only, the first `PROPERTIES_PER_EVENT`
 * of an event (in jsonb's key order), values cut to `VALUE_CHARS`, and at most
 * `VALUES_PER_PROPERTY_DAY` distinct values per (team, day, name, property): a new
 * value beyond them is added to that day's null row, "(other)". Values already kept
 * are always counted in their own row; among new ones the most frequent in the batch
 * are kept first. Two workers adding new values to one day at once may each keep up
 * to the limit, so a day may hold up to twice it, never more. Cost: one index probe
 * per distinct value of the batch, plus counting the kept values of the days that are
 * not yet full, so a full day costs nothing more however many values it keeps.
 */
export function countPropertyValues() {
  return sql`property_values as (
      with pairs as (
        select r.team_id, r.name, (r.occurred_at at time zone 'UTC')::date as day, p.key as property,
          left(case jsonb_typeof(p.value) when 'string' then p.value #>> '{}' else p.value::text end, ${VALUE_CHARS}) as value
        from rolled r
        -- A non-object (never stored by ingestion, but cheap to refuse) unpacks to nothing;
        -- guarded inside rather than filtered outside, which made the planner expect a
        -- few hundred pairs and sort them all where a hash is cheaper.
        cross join lateral (
          select key, value from jsonb_each(case when jsonb_typeof(r.properties) = 'object' then r.properties end)
          where jsonb_typeof(value) in ('string', 'number', 'boolean') and length(key) <= ${PROPERTY_NAME_CHARS}
          limit ${PROPERTIES_PER_EVENT}
        ) p
      ),
      grouped as (select team_id, name, day, property, value, count(*) as events from pairs group by 1, 2, 3, 4, 5),
      -- Each distinct value of the batch is looked up by its own key (the upsert reads
      -- the same index page next), rather than reading every kept value of its day:
      -- a day holds up to the limit's values, and events spread over many days made
      -- that read cost up to a hundred rows an event.
      probed as materialized (
        select g.*, exists (
          select from team_event_property_daily k
          where k.team_id = g.team_id and k.name = g.name and k.property = g.property and k.day = g.day
            and k.value = g.value
        ) as known
        from grouped g
      ),
      -- Room left for new values, only for the groups with some: a group whose
      -- "(other)" row exists is full (that row is written only once the kept values
      -- reach the limit, and kept values are never removed), so it is not counted again.
      -- Materialized: inlined into the join below, it was evaluated again for every value.
      room as materialized (
        select t.*, ${VALUES_PER_PROPERTY_DAY} - (
          select count(*) from team_event_property_daily k
          where k.team_id = t.team_id and k.name = t.name and k.property = t.property and k.day = t.day
            and k.value is not null
        ) as room
        from (select distinct team_id, name, day, property from probed where not known) t
        where not (
          select exists (
            select from team_event_property_daily k
            where k.team_id = t.team_id and k.name = t.name and k.property = t.property and k.day = t.day
              and k.value is null
          )
        )
      ),
      -- Only new values are ranked; kept ones go straight to their rows.
      ranked as (
        select p.*, coalesce(r.room, 0) as room,
          row_number() over (partition by p.team_id, p.name, p.day, p.property order by p.events desc, p.value) as rank
        from probed p
        left join room r on r.team_id = p.team_id and r.name = p.name and r.day = p.day and r.property = p.property
        where not p.known
      ),
      -- One row per key: kept values, new values with room, and per group the new values past it as "(other)".
      counted as (
        select team_id, name, property, day, value, events from probed where known
        union all
        select team_id, name, property, day, value, events from ranked where rank <= room
        union all
        select team_id, name, property, day, null, sum(events) from ranked where rank > room group by 1, 2, 3, 4
      )
      insert into team_event_property_daily (team_id, name, property, day, value, events)
      select * from counted order by 1, 2, 3, 4, 5
      on conflict (team_id, name, property, day, value)
        do update set events = team_event_property_daily.events + excluded.events
    )`;
}
