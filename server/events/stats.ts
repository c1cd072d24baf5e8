import { sql } from "kysely";
import type { Database } from "#db/database.ts";

export type EventStats = { eventsToday: number; peopleToday: number; eventsLast7Days: number; eventNames: number };

/**
 * The Events page's four figures. "Today" is the team's day, in its time zone; a
 * person is a contact, else a userId, else an anonymousId. Future-dated events
 * (a client clock far ahead, without sentAt to correct it) do not count yet.
 */
export async function eventStats(db: Database, options: { teamId: string; timeZone: string }): Promise<EventStats> {
  const { rows } = await sql<EventStats>`
    with bounds as (
      select (date_trunc('day', now() at time zone ${options.timeZone}) at time zone ${options.timeZone}) as today
    ),
    today as (
      select contact_id, user_id, anonymous_id from events, bounds
      where team_id = ${options.teamId} and occurred_at >= bounds.today and occurred_at <= now()
    )
    select
      (select count(*) from today) as "eventsToday",
      (select count(distinct coalesce(contact_id::text, 'user:' || user_id, 'anonymous:' || anonymous_id)) from today) as "peopleToday",
      (select count(*) from events where team_id = ${options.teamId}
         and occurred_at > now() - interval '7 days' and occurred_at <= now()) as "eventsLast7Days",
      (select count(*) from event_names where team_id = ${options.teamId}) as "eventNames"
  `.execute(db);
  return rows[0]!;
}
