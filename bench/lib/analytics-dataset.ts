// The bench/analytics dataset: a team's contacts, SENT campaigns with their ledger and
// engagement (written through the real triggers, so the campaign rollups are what
// production keeps), and product events with their rollups filled as the migration
// backfills them. Shared by bench/analytics and bench/analytics-explain.
import type pg from "pg";

export type AnalyticsDatasetSize = { contacts: number; campaigns: number; perCampaign: number; events: number };

/** The sizes at a scale: 1 is the dataset (1,000,000 contacts, 10,000,000 deliveries, 20,000,000 events). */
export function analyticsDatasetSize(scale: number): AnalyticsDatasetSize {
  return {
    contacts: Math.max(1000, Math.round(1_000_000 * scale)),
    campaigns: 200,
    perCampaign: Math.max(10, Math.round((10_000_000 * scale) / 200)),
    events: Math.max(10_000, Math.round(20_000_000 * scale)),
  };
}

const log = (message: string) => console.error(`[bench/analytics] ${message}`);

/** Writes the dataset for one team; the bench's own connection, so it runs outside the server. */
export async function generateAnalyticsDataset(client: pg.Client, teamId: string, size: AnalyticsDatasetSize) {
  const { contacts: CONTACTS, campaigns: CAMPAIGNS, perCampaign: PER_CAMPAIGN, events: EVENTS } = size;
  let started = performance.now();
  await client.query(
    `insert into contacts (id, team_id, email, name, created_at)
     select md5($1::text || 'c' || n)::uuid, $1::uuid, 'person' || n || '@bench.test', 'Person ' || n, now() - (n % 120) * interval '1 day' - (n % 24) * interval '1 hour'
     from generate_series(1, $2::int) n`,
    [teamId, CONTACTS],
  );
  log(`contacts: ${CONTACTS} in ${Math.round(performance.now() - started)} ms`);
  await client.query(
    `insert into campaigns (id, team_id, name, type, state, subject, content, sent_at, started_at, created_at, updated_at)
     select md5($1::text || 'k' || k)::uuid, $1::uuid, 'Campaign ' || k, case when k % 10 = 0 then 'SMS' else 'EMAIL' end, 'SENT', 'News', '<p>Hi</p>',
       now() - (k * 89.0 / $2) * interval '1 day', now() - (k * 89.0 / $2) * interval '1 day', now() - interval '100 days', now()
     from generate_series(1, $2::int) k`,
    [teamId, CAMPAIGNS],
  );
  started = performance.now();
  // One statement per campaign, as the send pipeline writes chunks: the ledger triggers see batches, not one huge
  // table.
  for (let k = 1; k <= CAMPAIGNS; k++) {
    await client.query(
      `insert into deliveries (team_id, campaign_id, contact_id, channel, address, status, sent_at, failed_at, bounced_at, delivered_at)
       select $1::uuid, c.id, md5($1::text || 'c' || (1 + ($2::int * 7919 + i) % $4::int))::uuid, c.type, 'a' || i,
         case when i % 50 = 0 then 'failed' else 'sent' end,
         case when i % 50 <> 0 or i % 100 = 0 then c.sent_at + (i % 3600) * interval '1 second' end,
         case when i % 50 = 0 then c.sent_at + (i % 3600) * interval '1 second' end,
         case when i % 100 = 0 then c.sent_at + (i % 3600) * interval '1 second' end,
         case when c.type = 'SMS' and i % 50 <> 0 then c.sent_at + (i % 3600 + 5) * interval '1 second' end
       from campaigns c, generate_series(1, $3::int) i
       where c.id = md5($1::text || 'k' || $2::int)::uuid`,
      [teamId, k, PER_CAMPAIGN, CONTACTS],
    );
    // About one delivery in six opened, one in 36 clicked: 2,000,000 hits at scale 1.
    await client.query(
      `with chosen as (
         select d.id, d.campaign_id, d.contact_id, d.sent_at, abs(hashtext(d.id::text)) as h
         from deliveries d where d.campaign_id = md5($1::text || 'k' || $2::int)::uuid and d.status = 'sent'
       ), opened as (select * from chosen where h % 6 = 0),
       hits as (
         insert into engagement_events (team_id, delivery_id, campaign_id, contact_id, kind, occurred_at)
         select $1::uuid, id, campaign_id, contact_id, 'open', sent_at + (h % 72) * interval '1 hour' from opened
         union all
         select $1::uuid, id, campaign_id, contact_id, 'click', sent_at + (h % 72) * interval '1 hour' + interval '1 minute' from opened where h % 36 = 0
       )
       insert into delivery_engagement (delivery_id, campaign_id, opened_at, clicked_at, opens, clicks)
       select id, campaign_id, sent_at + (h % 72) * interval '1 hour', case when h % 36 = 0 then sent_at + (h % 72) * interval '1 hour' + interval '1 minute' end,
         1, (h % 36 = 0)::int
       from opened`,
      [teamId, k],
    );
  }
  log(`deliveries: ${CAMPAIGNS * PER_CAMPAIGN} with engagement in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  const chunk = 1_000_000;
  for (let from = 0; from < EVENTS; from += chunk) {
    await client.query(
      `insert into events (id, team_id, contact_id, type, name, user_id, properties, message_id, occurred_at, received_at)
       select gen_random_uuid(), $1::uuid, md5($1::text || 'c' || (1 + n % $4::int))::uuid, 'track', 'Event ' || (n % 50), 'u' || (n % $4::int),
         '{}'::jsonb, 'g' || n, now() - (n % 129600) * interval '1 minute', now()
       from generate_series($2::int, $3::int) n`,
      [teamId, from, Math.min(EVENTS, from + chunk) - 1, CONTACTS],
    );
  }
  await client.query(
    `insert into team_event_hourly (team_id, name, hour, events)
     select team_id, name, analytics_hour(occurred_at), count(*) from events where team_id = $1::uuid group by 1, 2, 3`,
    [teamId],
  );
  await client.query(
    `insert into team_event_daily (team_id, day, name, events)
     select team_id, (hour at time zone 'UTC')::date, name, sum(events) from team_event_hourly where team_id = $1::uuid group by 1, 2, 3`,
    [teamId],
  );
  await client.query(
    `insert into event_people_days (team_id, name, day, contact_id)
     select distinct team_id, name, (occurred_at at time zone 'UTC')::date, contact_id from events where team_id = $1::uuid`,
    [teamId],
  );
  await client.query(
    `insert into team_event_daily_people (team_id, name, day, people)
     select team_id, name, day, count(*) from event_people_days where team_id = $1::uuid group by 1, 2, 3`,
    [teamId],
  );
  await client.query("vacuum analyze");
  log(`events: ${EVENTS} with rollups in ${Math.round(performance.now() - started)} ms`);
}
