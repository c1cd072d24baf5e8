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
 * to the limit, so a day may hold up to twice it, never more.
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
      touched as (select distinct team_id, name, day, property from pairs),
      -- The kept values of the (team, name, day, property) groups this batch touches: one
      -- index range read a group (at most the limit's rows), then hash joins, rather
      -- than two probes for every value.
      existing as materialized (
        select k.team_id, k.name, k.day, k.property, k.value
        from touched t
        join team_event_property_daily k
          on k.team_id = t.team_id and k.name = t.name and k.property = t.property and k.day = t.day
        where k.value is not null
      ),
      kept as (select team_id, name, day, property, count(*) as kept from existing group by 1, 2, 3, 4),
      grouped as (select team_id, name, day, property, value, count(*) as events from pairs group by 1, 2, 3, 4, 5),
      ranked as (
        select g.*, x.value is not null as known, coalesce(c.kept, 0) as kept,
          row_number() over (
            partition by g.team_id, g.name, g.day, g.property, x.value is not null order by g.events desc, g.value
          ) as rank
        from grouped g
        left join existing x
          on x.team_id = g.team_id and x.name = g.name and x.day = g.day and x.property = g.property and x.value = g.value
        left join kept c on c.team_id = g.team_id and c.name = g.name and c.day = g.day and c.property = g.property
      )
      insert into team_event_property_daily (team_id, name, property, day, value, events)
      select team_id, name, property, day,
        case when known or kept + rank <= ${VALUES_PER_PROPERTY_DAY} then value end, sum(events)
      from ranked group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (team_id, name, property, day, value)
        do update set events = team_event_property_daily.events + excluded.events
    )`;
}
