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
 * to the limit, so a day may hold up to twice it, never more. Cost: per (name, day,
 * property) of the batch, a probe for its "(other)" row and, for a day not yet full, a
 * count of its kept values; then one index probe per distinct value only for the days
 * that are full or would overflow (a full day costs nothing more however many values
 * it keeps), and one upsert per row written.
 */
export function countPropertyValues() {
  return sql`property_values as (
      with pairs as (
        select r.team_id, r.name, (r.occurred_at at time zone 'UTC')::date as day, p.key as property,
          left(case jsonb_typeof(p.value) when 'string' then p.value #>> '{}' else p.value::text end, ${VALUE_CHARS}) as value
        from rolled r
        cross join lateral (
          select key, value from jsonb_each(r.properties)
          where jsonb_typeof(value) in ('string', 'number', 'boolean') and length(key) <= ${PROPERTY_NAME_CHARS}
          limit ${PROPERTIES_PER_EVENT}
        ) p
        where jsonb_typeof(r.properties) = 'object'
      ),
      grouped as (select team_id, name, day, property, value, count(*) as events from pairs group by 1, 2, 3, 4, 5),
      -- Each (team, name, day, property) of the batch once: whether its day is full (its
      -- "(other)" row exists: that row is written only once the kept values reach the
      -- limit, and kept values are never removed) and, when not, how many values it keeps.
      -- Materialized: inlined into the joins below, it was evaluated again for every value.
      days as materialized (
        select t.*, case when t.full then ${VALUES_PER_PROPERTY_DAY} else (
          select count(*) from team_event_property_daily k
          where k.team_id = t.team_id and k.name = t.name and k.property = t.property and k.day = t.day
            and k.value is not null
        ) end as kept
        from (
          select b.*, exists (
            select from team_event_property_daily k
            where k.team_id = b.team_id and k.name = b.name and k.property = b.property and k.day = b.day
              and k.value is null
          ) as full
          from (select team_id, name, day, property, count(*) as fresh from grouped group by 1, 2, 3, 4) b
        ) t
      ),
      -- Where the day has room for every value the batch brings, each is counted as
      -- itself and none is looked up (known is null); only the values of days that are
      -- full or may overflow are looked up by their own key. Looking up every value cost
      -- an index probe (and a heap visit on pages not yet all-visible) an event.
      probed as (
        select g.*, d.full, d.kept, case when not d.full and d.kept + d.fresh <= ${VALUES_PER_PROPERTY_DAY} then null
          else exists (
            select from team_event_property_daily k
            where k.team_id = g.team_id and k.name = g.name and k.property = g.property and k.day = g.day
              and k.value = g.value
          ) end as known
        from grouped g
        join days d on d.team_id = g.team_id and d.name = g.name and d.day = g.day and d.property = g.property
      ),
      -- Values kept (or that fit) count as themselves; new values of a day that may
      -- overflow take the room left, the most frequent in the batch first, and the rest
      -- count as "(other)".
      placed as (
        select team_id, name, day, property, value, events from probed where known is not false
        union all
        select team_id, name, day, property, case when rank <= room then value end, events
        from (
          select p.*, case when p.full then 0 else ${VALUES_PER_PROPERTY_DAY} - p.kept end as room,
            row_number() over (partition by p.team_id, p.name, p.day, p.property order by p.events desc, p.value) as rank
          from probed p where p.known = false
        ) ranked
      )
      insert into team_event_property_daily (team_id, name, property, day, value, events)
      select team_id, name, property, day, value, sum(events)
      from placed group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (team_id, name, property, day, value)
        do update set events = team_event_property_daily.events + excluded.events
    )`;
}
