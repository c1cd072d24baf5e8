import { sql } from "kysely";

/**
 * The parts of the events ingestion statement that keep the analytics rollups, over
 * its `stored` rows (only events really inserted, so a retried batch whose messageIds
 * are already stored adds nothing): events per name and UTC hour, and each person once
 * per name and local day, counted as they first appear. Rows are locked in key order,
 * so concurrent batches of one team wait for each other instead of deadlocking.
 * Events without a name (identify calls) are not counted; anonymous ones count as
 * events but not as people.
 */
export function rollEvents(teamId: string) {
  return sql`counted as (
      insert into team_event_hourly (team_id, name, hour, events)
      select ${teamId}, name, analytics_hour(occurred_at), count(*) from stored
      where name is not null group by 2, 3 order by 2, 3
      on conflict (team_id, name, hour) do update set events = team_event_hourly.events + excluded.events
    ),
    seen as (
      insert into event_people_days (team_id, name, day, contact_id)
      select distinct ${teamId}::uuid, name, (occurred_at at time zone (select time_zone from teams where id = ${teamId}))::date, contact_id
      from stored where name is not null and contact_id is not null order by 2, 3, 4
      on conflict do nothing
      returning name, day
    ),
    people as (
      insert into team_event_daily_people (team_id, name, day, people)
      select ${teamId}, name, day, count(*) from seen group by 2, 3 order by 2, 3
      on conflict (team_id, name, day) do update set people = team_event_daily_people.people + excluded.people
    )`;
}
