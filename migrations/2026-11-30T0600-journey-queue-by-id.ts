import { type Kysely, sql } from "kysely";

// The journey event queue names its batch's events instead of carrying them: their ids
// and own times (the events' index on team, time and id finds each, in its month's
// partition) and whether identify attached them. Measured in bench/journeys with
// pg_stat_statements, building and storing the 500 events' document cost the ingestion
// statement about 30 µs of PostgreSQL time an event, with a journey live or paused,
// against about 50 for the rest of the statement; the two arrays cost it about 5. The worker reads the events from the table they were stored in, in the
// transaction that deletes the row. Rows already queued are converted: their events
// are found by contact, name and messageId.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_event_queue
    add column event_ids uuid[], add column occurred_ats timestamptz[],
    add column attached boolean not null default false`.execute(db);
  await sql`update journey_event_queue q set event_ids = found.ids, occurred_ats = found.times, attached = found.attached
    from (
      select q.id, array_agg(e.id order by d.n) as ids, array_agg(e.occurred_at order by d.n) as times,
        bool_or(coalesce((d.event ->> 'attached')::boolean, false)) as attached
      from journey_event_queue q
      cross join lateral json_array_elements(q.events) with ordinality d(event, n)
      join events e on e.contact_id = (d.event ->> 'contactId')::uuid and e.name = d.event ->> 'name'
        and e.team_id = q.team_id and e.message_id = d.event ->> 'messageId'
      group by q.id
    ) found
    where found.id = q.id`.execute(db);
  // Events deleted since they were queued (their contact, their team's retention) leave nothing to act on.
  await sql`delete from journey_event_queue where event_ids is null`.execute(db);
  await sql`alter table journey_event_queue drop column events,
    alter column event_ids set not null, alter column occurred_ats set not null`.execute(db);
  // Thousands of random ids do not compress: stored out of line as they are (2026-11-29T0800).
  await sql`alter table journey_event_queue alter column event_ids set storage external,
    alter column occurred_ats set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_event_queue add column events json`.execute(db);
  await sql`update journey_event_queue q set events = (
      select json_agg(json_build_object('messageId', e.message_id, 'contactId', e.contact_id, 'name', e.name,
        'properties', e.properties, 'occurredAt', e.occurred_at, 'attached', q.attached) order by d.n)
      from unnest(q.event_ids, q.occurred_ats) with ordinality d(id, occurred_at, n)
      join events e on e.team_id = q.team_id and e.occurred_at = d.occurred_at and e.id = d.id
    )`.execute(db);
  await sql`delete from journey_event_queue where events is null`.execute(db);
  await sql`alter table journey_event_queue drop column event_ids, drop column occurred_ats, drop column attached,
    alter column events set not null, alter column events set storage external`.execute(db);
}
