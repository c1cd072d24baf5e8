import { type Kysely, sql } from "kysely";

// Conversions kept as events arrive (docs/decisions/020), not computed on read:
// - the events rollup queue also carries each event's id and properties, so the worker
//   can attribute goal events and count property values without reading `events`
//   (which has no index on id);
// - `conversion_queue`: the events the worker found to name some campaign goal of
//   their team, waiting to be attributed (one row an event, deleted as attributed);
// - `campaign_conversions`: one row per (campaign, contact) that converted, holding the
//   event that did it; an event converts for one campaign at most;
// - `campaign_conversion_hourly`: conversions and revenue per campaign and UTC hour,
//   kept by triggers on `campaign_conversions`, for the range figures and counts;
// - `conversion_recounts`: campaigns whose conversions are recomputed by the worker,
//   in chunks of recipients, after a goal was set or changed (or, here, for every
//   campaign that already has a goal and recipients).
export async function up(db: Kysely<any>): Promise<void> {
  // Null in rows queued before this migration: those events are counted, not attributed.
  await sql`alter table event_rollup_queue add column event_ids uuid[], add column properties jsonb[]`.execute(db);

  await sql`create table conversion_queue (
    id bigint generated always as identity primary key,
    team_id uuid not null,
    event_id uuid not null,
    name text not null,
    contact_id uuid not null,
    occurred_at timestamptz not null,
    properties jsonb not null
  )`.execute(db);

  await sql`create table campaign_conversions (
    campaign_id uuid not null references campaigns (id) on delete cascade,
    contact_id uuid not null,
    team_id uuid not null references teams (id) on delete cascade,
    event_id uuid not null,
    converted_at timestamptz not null,
    revenue numeric,
    constraint campaign_conversions_pkey primary key (campaign_id, contact_id)
  )`.execute(db);
  // "The last campaign received wins": one event converts for one campaign at most.
  await sql`create unique index campaign_conversions_event_key on campaign_conversions (event_id)`.execute(db);

  await sql`create table campaign_conversion_hourly (
    campaign_id uuid not null references campaigns (id) on delete cascade,
    team_id uuid not null,
    hour timestamptz not null,
    conversions integer not null default 0,
    revenue numeric not null default 0,
    constraint campaign_conversion_hourly_pkey primary key (campaign_id, hour)
  )`.execute(db);
  await sql`create index campaign_conversion_hourly_team_hour_idx on campaign_conversion_hourly (team_id, hour)`.execute(
    db,
  );
  await createHourlyTriggers(db);

  await sql`create table conversion_recounts (
    campaign_id uuid primary key references campaigns (id) on delete cascade,
    -- The campaign's old conversions are deleted first, once; then recipients in contact id order.
    cleared boolean not null default false,
    after_contact_id uuid,
    requested_at timestamptz not null default now()
  )`.execute(db);
  await createGoalTrigger(db);

  // Campaigns that already have a goal and recipients are counted from what is stored.
  await sql`insert into conversion_recounts (campaign_id)
    select c.id from campaigns c
    where c.conversion_goal is not null and exists (select from deliveries d where d.campaign_id = c.id)`.execute(db);
}

async function createHourlyTriggers(db: Kysely<any>): Promise<void> {
  // Statement triggers with transition tables: a chunk of a recount is one grouped
  // upsert, not a call per row. Rows are locked in key order, so writers wait rather
  // than deadlock. A deletion only updates existing rows: when a campaign is deleted,
  // its hourly rows may already be gone, and no row is made again for it.
  await sql`create function campaign_conversions_added() returns trigger language plpgsql as $$
    begin
      insert into campaign_conversion_hourly (campaign_id, team_id, hour, conversions, revenue)
      select campaign_id, team_id, analytics_hour(converted_at), count(*), coalesce(sum(revenue), 0)
      from added group by 1, 2, 3 order by 1, 3
      on conflict (campaign_id, hour) do update set
        conversions = campaign_conversion_hourly.conversions + excluded.conversions,
        revenue = campaign_conversion_hourly.revenue + excluded.revenue;
      return null;
    end $$`.execute(db);
  await sql`create function campaign_conversions_removed() returns trigger language plpgsql as $$
    begin
      update campaign_conversion_hourly h
      set conversions = h.conversions - r.conversions, revenue = h.revenue - r.revenue
      from (
        select campaign_id, analytics_hour(converted_at) as hour, count(*) as conversions, coalesce(sum(revenue), 0) as revenue
        from removed group by 1, 2 order by 1, 2
      ) r
      where h.campaign_id = r.campaign_id and h.hour = r.hour;
      return null;
    end $$`.execute(db);
  await sql`create trigger campaign_conversions_insert after insert on campaign_conversions
    referencing new table as added for each statement execute function campaign_conversions_added()`.execute(db);
  await sql`create trigger campaign_conversions_delete after delete on campaign_conversions
    referencing old table as removed for each statement execute function campaign_conversions_removed()`.execute(db);
  // An update (an earlier event of the same recipient) moves the conversion: out of the old hour, into the new.
  await sql`create trigger campaign_conversions_update_out after update on campaign_conversions
    referencing old table as removed for each statement execute function campaign_conversions_removed()`.execute(db);
  await sql`create trigger campaign_conversions_update_in after update on campaign_conversions
    referencing new table as added for each statement execute function campaign_conversions_added()`.execute(db);
}

async function createGoalTrigger(db: Kysely<any>): Promise<void> {
  // A goal set, changed or removed recounts the campaign and every campaign of the team
  // whose goal names the old or the new event: "the last campaign received wins" may
  // move an event between them. A trigger, so no writer of the column can forget it.
  await sql`create function campaign_goal_changed() returns trigger language plpgsql as $$
    begin
      insert into conversion_recounts (campaign_id)
      select new.id
      union
      select c.id from campaigns c
      where c.team_id = new.team_id and c.conversion_goal is not null
        and c.conversion_goal ->> 'event' in (old.conversion_goal ->> 'event', new.conversion_goal ->> 'event')
      order by 1
      on conflict (campaign_id) do update set cleared = false, after_contact_id = null, requested_at = now();
      return null;
    end $$`.execute(db);
  await sql`create trigger campaign_goal_changed after update of conversion_goal on campaigns
    for each row when (old.conversion_goal is distinct from new.conversion_goal)
    execute function campaign_goal_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger campaign_goal_changed on campaigns`.execute(db);
  await sql`drop function campaign_goal_changed`.execute(db);
  for (const table of ["conversion_recounts", "campaign_conversion_hourly", "campaign_conversions", "conversion_queue"])
    await sql`drop table ${sql.raw(table)}`.execute(db);
  await sql`drop function campaign_conversions_added, campaign_conversions_removed`.execute(db);
  await sql`alter table event_rollup_queue drop column event_ids, drop column properties`.execute(db);
}
