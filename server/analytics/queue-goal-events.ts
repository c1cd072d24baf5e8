import { sql } from "kysely";

/**
 * The part of the rollup statement that passes on, from its `rolled` events, those a
 * campaign of their team names as its conversion goal, to `conversion_queue`, where
 * `attributeQueuedConversions` decides which campaign each converts for. Anonymous
 * events convert for no one and are not passed on. The team's goals are found once
 * per statement (campaigns_conversion_event_idx), not probed per event, so events
 * no goal names cost a hash lookup.
 */
export function queueGoalEvents() {
  return sql`goal_events as (
      insert into conversion_queue (team_id, event_id, name, contact_id, occurred_at, properties)
      select r.team_id, r.event_id, r.name, r.contact_id, r.occurred_at, coalesce(r.properties, '{}'::jsonb)
      from rolled r
      where r.contact_id is not null and r.event_id is not null
        and (r.team_id, r.name) in (
          select c.team_id, c.conversion_goal ->> 'event' from campaigns c
          where c.team_id in (select team_id from taken) and c.conversion_goal is not null
        )
      order by r.occurred_at
    )`;
}
