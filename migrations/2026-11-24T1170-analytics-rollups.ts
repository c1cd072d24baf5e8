import { type Kysely, sql } from "kysely";

// Analytics rollups, kept as the ledger, engagement, contacts and events are written
// (docs/decisions/020): per campaign, channel and UTC hour; per team, event name and
// UTC hour; unique people per team, event name and local day; audience growth per
// team and UTC hour. Triggers keep the first three in the transaction of the write,
// as differences between a row's old and new figures, so a retried or repeated
// update adds nothing twice. Existing data is backfilled here.
export async function up(db: Kysely<any>): Promise<void> {
  // The UTC hour whatever the session's time zone (date_trunc on timestamptz uses it).
  await sql`create function analytics_hour(at timestamptz) returns timestamptz language sql immutable parallel safe
    as $$ select date_trunc('hour', at, 'UTC') $$`.execute(db);
  await createCampaignHourlyStats(db);
  await createDeliveryTriggers(db);
  await createEngagementTriggers(db);
  await createAudienceGrowth(db);
  await createEventRollups(db);
  await backfillAnalytics(db);
}

const CAMPAIGN_FIGURES = [
  "sent",
  "delivered",
  "bounced",
  "failed",
  "opened",
  "clicked",
  "bot_opened",
  "unsubscribed",
  "opens",
  "clicks",
  "bot_opens",
  "bot_clicks",
];

async function createCampaignHourlyStats(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("campaign_hourly_stats")
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    // The start of a UTC hour: local days of any whole-hour zone are sums of these.
    .addColumn("hour", "timestamptz", (c) => c.notNull());
  for (const figure of CAMPAIGN_FIGURES) table = table.addColumn(figure, "integer", (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint("campaign_hourly_stats_pkey", ["campaign_id", "hour", "channel"]).execute();
  // The Analytics page reads a team's range of hours.
  await sql`create index campaign_hourly_stats_team_hour_idx on campaign_hourly_stats (team_id, hour)`.execute(db);

  // Adds signed figures to their rows, locking them in key order so concurrent writers never deadlock.
  const sets = CAMPAIGN_FIGURES.map((f) => `${f} = campaign_hourly_stats.${f} + excluded.${f}`).join(", ");
  const sums = CAMPAIGN_FIGURES.map((f) => `coalesce(sum(${f}), 0)::int`).join(", ");
  const nonzero = CAMPAIGN_FIGURES.map((f) => `sum(${f}) <> 0`).join(" or ");
  await sql
    .raw(
      `create function analytics_add_campaign_figures(changes jsonb) returns void language sql as $$
        insert into campaign_hourly_stats (campaign_id, team_id, channel, hour, ${CAMPAIGN_FIGURES.join(", ")})
        select campaign_id, team_id, channel, hour, ${sums}
        from jsonb_to_recordset(changes) as c(campaign_id uuid, team_id uuid, channel text, hour timestamptz, ${CAMPAIGN_FIGURES.map((f) => `${f} int`).join(", ")})
        where hour is not null
        group by campaign_id, hour, channel, team_id
        having ${nonzero}
        order by campaign_id, hour, channel
        on conflict (campaign_id, hour, channel) do update set ${sets}
      $$`,
    )
    .execute(db);
}

/**
 * What one ledger row adds to its campaign's hours, as in server/tracking/analytics.ts:
 * sent (accepted, or bounced later) in the hour it was sent; delivered in the hour it
 * was accepted (email, unless bounced) or confirmed (SMS, WhatsApp); bounced and
 * failed in their own hours. `sign` is 1 for the row's new state, -1 for its old one.
 */
function deliveryFigures(rows: string, sign: number): string {
  return `select d.campaign_id, d.team_id, d.channel, f.hour,
      ${sign} * f.sent as sent, ${sign} * f.delivered as delivered, ${sign} * f.bounced as bounced, ${sign} * f.failed as failed
    from ${rows} d
    cross join lateral (values
      (analytics_hour(coalesce(d.sent_at, d.bounced_at)), (d.status = 'sent' or d.bounced_at is not null)::int, 0, 0, 0),
      (analytics_hour(case when d.channel = 'EMAIL' then d.sent_at else d.delivered_at end), 0,
        (case when d.channel = 'EMAIL' then d.status = 'sent' else d.delivered_at is not null end)::int, 0, 0),
      (analytics_hour(d.bounced_at), 0, 0, (d.bounced_at is not null)::int, 0),
      (analytics_hour(coalesce(d.failed_at, d.updated_at)), 0, 0, 0, (d.status = 'failed' and d.bounced_at is null)::int)
    ) f(hour, sent, delivered, bounced, failed)
    where f.sent + f.delivered + f.bounced + f.failed > 0`;
}

async function createDeliveryTriggers(db: Kysely<any>): Promise<void> {
  const apply = (query: string) =>
    `perform analytics_add_campaign_figures(coalesce((select jsonb_agg(x) from (${query}) x), '[]'));`;
  await sql
    .raw(
      `create function deliveries_analytics_inserted() returns trigger language plpgsql as $$
    begin ${apply(deliveryFigures("new_rows", 1))} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function deliveries_analytics_updated() returns trigger language plpgsql as $$
    begin ${apply(`${deliveryFigures("new_rows", 1)} union all ${deliveryFigures("old_rows", -1)}`)} return null; end $$`,
    )
    .execute(db);
  await sql`create trigger deliveries_analytics_insert after insert on deliveries
    referencing new table as new_rows for each statement execute function deliveries_analytics_inserted()`.execute(db);
  await sql`create trigger deliveries_analytics_update after update on deliveries
    referencing old table as old_rows new table as new_rows for each statement execute function deliveries_analytics_updated()`.execute(
    db,
  );
  // A deleted ledger row goes with its campaign, and the campaign's rollup rows with it (cascade).
}

async function createEngagementTriggers(db: Kysely<any>): Promise<void> {
  // A delivery's first human open and click, its unsubscribe and its machine-only open
  // (kept by server/tracking/engagement.ts): each counts once, in the hour it happened;
  // when reclassification moves or clears one, the old hour gives it back.
  await sql`
    create function delivery_engagement_analytics() returns trigger language plpgsql as $$
    declare
      d record;
      changes jsonb := '[]';
    begin
      select team_id, channel into d from deliveries where id = new.delivery_id;
      if tg_op = 'UPDATE' then
        changes := changes || jsonb_build_array(
          jsonb_build_object('campaign_id', old.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(old.opened_at), 'opened', -1),
          jsonb_build_object('campaign_id', old.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(old.clicked_at), 'clicked', -1),
          jsonb_build_object('campaign_id', old.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(old.unsubscribed_at), 'unsubscribed', -1),
          jsonb_build_object('campaign_id', old.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', case when old.opened_at is null then analytics_hour(old.bot_opened_at) end, 'bot_opened', -1));
      end if;
      changes := changes || jsonb_build_array(
        jsonb_build_object('campaign_id', new.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(new.opened_at), 'opened', 1),
        jsonb_build_object('campaign_id', new.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(new.clicked_at), 'clicked', 1),
        jsonb_build_object('campaign_id', new.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', analytics_hour(new.unsubscribed_at), 'unsubscribed', 1),
        jsonb_build_object('campaign_id', new.campaign_id, 'team_id', d.team_id, 'channel', d.channel, 'hour', case when new.opened_at is null then analytics_hour(new.bot_opened_at) end, 'bot_opened', 1));
      if d.team_id is not null then
        perform analytics_add_campaign_figures(changes);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger delivery_engagement_analytics after insert or update on delivery_engagement
    for each row execute function delivery_engagement_analytics()`.execute(db);

  // Every open and click, people's and machines' apart; a click reclassified as a
  // machine's (decision 013) moves from clicks to bot_clicks in its hour.
  await sql`
    create function engagement_events_analytics() returns trigger language plpgsql as $$
    declare
      d record;
      changes jsonb := '[]';
    begin
      if new.delivery_id is null or new.kind = 'unsubscribe' then return null; end if;
      select team_id, channel into d from deliveries where id = new.delivery_id;
      if d.team_id is null then return null; end if;
      if tg_op = 'UPDATE' then
        if old.kind = new.kind then return null; end if;
        changes := changes || jsonb_build_array(jsonb_build_object('campaign_id', old.campaign_id, 'team_id', d.team_id, 'channel', d.channel,
          'hour', analytics_hour(old.occurred_at), old.kind || 's', -1));
      end if;
      changes := changes || jsonb_build_array(jsonb_build_object('campaign_id', new.campaign_id, 'team_id', d.team_id, 'channel', d.channel,
        'hour', analytics_hour(new.occurred_at), new.kind || 's', 1));
      perform analytics_add_campaign_figures(changes);
      return null;
    end $$`.execute(db);
  await sql`create trigger engagement_events_analytics after insert or update of kind on engagement_events
    for each row execute function engagement_events_analytics()`.execute(db);
}

async function createAudienceGrowth(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("team_audience_hourly")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("hour", "timestamptz", (c) => c.notNull())
    .addColumn("added", "integer", (c) => c.notNull().defaultTo(0))
    // Contacts that left at least one channel (unsubscribed from email, SMS or WhatsApp).
    .addColumn("unsubscribed", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("team_audience_hourly_pkey", ["team_id", "hour"])
    .execute();
  // One statement-level insert per import batch, grouped: never a row lock per contact.
  await sql`
    create function contacts_audience_inserted() returns trigger language plpgsql as $$
    begin
      insert into team_audience_hourly (team_id, hour, added)
        select team_id, analytics_hour(created_at), count(*) from new_rows group by 1, 2 order by 1, 2
      on conflict (team_id, hour) do update set added = team_audience_hourly.added + excluded.added;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_audience_insert after insert on contacts
    referencing new table as new_rows for each statement execute function contacts_audience_inserted()`.execute(db);
  // Row-level with a WHEN, so the many updates that do not unsubscribe (imports) cost nothing here.
  await sql`
    create function contacts_audience_unsubscribed() returns trigger language plpgsql as $$
    begin
      insert into team_audience_hourly (team_id, hour, unsubscribed)
        values (new.team_id, analytics_hour(now()), case when 'unsubscribed' in (new.email_status, new.sms_status, new.whatsapp_status) then 1 else -1 end)
      on conflict (team_id, hour) do update set unsubscribed = team_audience_hourly.unsubscribed + excluded.unsubscribed;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_audience_unsubscribe after update of email_status, sms_status, whatsapp_status on contacts
    for each row when (('unsubscribed' in (old.email_status, old.sms_status, old.whatsapp_status)) is distinct from ('unsubscribed' in (new.email_status, new.sms_status, new.whatsapp_status)))
    execute function contacts_audience_unsubscribed()`.execute(db);
}

async function createEventRollups(db: Kysely<any>): Promise<void> {
  // Kept by the ingestion statement itself (server/events/insert-events.ts), not by a trigger on events.
  await db.schema
    .createTable("team_event_hourly")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("hour", "timestamptz", (c) => c.notNull())
    .addColumn("events", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("team_event_hourly_pkey", ["team_id", "name", "hour"])
    .execute();
  await sql`create index team_event_hourly_team_hour_idx on team_event_hourly (team_id, hour) include (name, events)`.execute(
    db,
  );
  // Who did an event on a local day (the team's zone when the event arrived), so each
  // person counts once a day; and how many those are, read by the page.
  await db.schema
    .createTable("event_people_days")
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_people_days_pkey", ["team_id", "name", "day", "contact_id"])
    .execute();
  await db.schema
    .createTable("team_event_daily_people")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("people", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("team_event_daily_people_pkey", ["team_id", "name", "day"])
    .execute();
}

/** Fills the (empty) rollups from the rows already stored; exported so a test can check it against the triggers. */
export async function backfillAnalytics(db: Kysely<any>): Promise<void> {
  const figures = CAMPAIGN_FIGURES.join(", ");
  await sql
    .raw(
      `insert into campaign_hourly_stats (campaign_id, team_id, channel, hour, ${figures})
      select campaign_id, team_id, channel, hour, ${CAMPAIGN_FIGURES.map((f) => `sum(${f})`).join(", ")} from (
        select campaign_id, team_id, channel, hour, sent, delivered, bounced, failed,
          0 as opened, 0 as clicked, 0 as bot_opened, 0 as unsubscribed, 0 as opens, 0 as clicks, 0 as bot_opens, 0 as bot_clicks
        from (${deliveryFigures("deliveries", 1)}) f
        union all
        select e.campaign_id, d.team_id, d.channel, f.hour, 0, 0, 0, 0, f.opened, f.clicked, f.bot_opened, f.unsubscribed, 0, 0, 0, 0
        from delivery_engagement e join deliveries d on d.id = e.delivery_id
        cross join lateral (values
          (analytics_hour(e.opened_at), 1, 0, 0, 0), (analytics_hour(e.clicked_at), 0, 1, 0, 0),
          (case when e.opened_at is null then analytics_hour(e.bot_opened_at) end, 0, 0, 1, 0), (analytics_hour(e.unsubscribed_at), 0, 0, 0, 1)
        ) f(hour, opened, clicked, bot_opened, unsubscribed)
        where f.hour is not null
        union all
        select g.campaign_id, d.team_id, d.channel, analytics_hour(g.occurred_at), 0, 0, 0, 0, 0, 0, 0, 0,
          (g.kind = 'open')::int, (g.kind = 'click')::int, (g.kind = 'bot_open')::int, (g.kind = 'bot_click')::int
        from engagement_events g join deliveries d on d.id = g.delivery_id
        where g.kind <> 'unsubscribe'
      ) all_figures
      where exists (select 1 from campaigns c where c.id = campaign_id)
      group by campaign_id, hour, channel, team_id`,
    )
    .execute(db);
  await sql`
    insert into team_audience_hourly (team_id, hour, added, unsubscribed)
    select team_id, hour, sum(added), sum(unsubscribed) from (
      select team_id, analytics_hour(created_at) as hour, 1 as added,
        case when 'unsubscribed' in (email_status, sms_status, whatsapp_status) then 1 else 0 end as unsubscribed
      from contacts
    ) c group by team_id, hour`.execute(db);
  await sql`
    insert into team_event_hourly (team_id, name, hour, events)
    select team_id, name, analytics_hour(occurred_at), count(*) from events where name is not null group by 1, 2, 3`.execute(
    db,
  );
  await sql`
    insert into event_people_days (team_id, name, day, contact_id)
    select distinct e.team_id, e.name, (e.occurred_at at time zone t.time_zone)::date, e.contact_id
    from events e join teams t on t.id = e.team_id
    where e.name is not null and e.contact_id is not null`.execute(db);
  await sql`
    insert into team_event_daily_people (team_id, name, day, people)
    select team_id, name, day, count(*) from event_people_days group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger deliveries_analytics_insert on deliveries`.execute(db);
  await sql`drop trigger deliveries_analytics_update on deliveries`.execute(db);
  await sql`drop trigger delivery_engagement_analytics on delivery_engagement`.execute(db);
  await sql`drop trigger engagement_events_analytics on engagement_events`.execute(db);
  await sql`drop trigger contacts_audience_insert on contacts`.execute(db);
  await sql`drop trigger contacts_audience_unsubscribe on contacts`.execute(db);
  await sql`drop function deliveries_analytics_inserted, deliveries_analytics_updated, delivery_engagement_analytics,
    engagement_events_analytics, contacts_audience_inserted, contacts_audience_unsubscribed, analytics_add_campaign_figures, analytics_hour`.execute(
    db,
  );
  for (const table of [
    "team_event_daily_people",
    "event_people_days",
    "team_event_hourly",
    "team_audience_hourly",
    "campaign_hourly_stats",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
