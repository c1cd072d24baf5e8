import type pg from "pg";

// The bench/events dataset, written straight in SQL (generate_series) because
// only reading it is measured: 1,000,000 contacts and 20,000,000 events at scale 1,
// 50 event names with a Zipf-like popularity, a power law of activity per contact
// (the busiest 1% do about a fifth of everything), spread over 90 days. Campaigns,
// their deliveries and opens and clicks give engagement filters something to read.

export const EVENT_NAMES = [
  "Page Viewed",
  "Signed In",
  "Dashboard Viewed",
  "Search Performed",
  "Item Viewed",
  "Report Exported",
  "Filter Applied",
  "Comment Added",
  "File Uploaded",
  "Invite Sent",
  "Checkout Started",
  "Checkout Completed",
  "Settings Updated",
  "Notification Opened",
  "Project Created",
  "Task Completed",
  "Task Created",
  "Message Sent",
  "Integration Connected",
  "Plan Upgraded",
  "Plan Downgraded",
  "Trial Started",
  "Trial Ended",
  "Signed Up",
  "Signed Out",
  "Password Reset",
  "Profile Updated",
  "Team Member Added",
  "Team Member Removed",
  "API Key Created",
  "Webhook Created",
  "Export Scheduled",
  "Dashboard Shared",
  "Chart Created",
  "Chart Deleted",
  "Template Used",
  "Form Submitted",
  "Feedback Given",
  "Survey Completed",
  "Video Played",
  "Help Article Viewed",
  "Support Ticket Opened",
  "Coupon Applied",
  "Cart Abandoned",
  "Order Refunded",
  "Subscription Renewed",
  "Subscription Cancelled",
  "Data Imported",
  "Workspace Created",
  "Onboarding Completed",
];

/** A deterministic contact id for contact number k, so events can name contacts without a lookup. */
export const contactIdSql = (k: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${k}), 12, '0'))::uuid`;

const BATCH = 1_000_000;

export type DatasetSize = { contacts: number; events: number; campaigns: number; recipientsPerCampaign: number };

export function datasetSize(scale: number): DatasetSize {
  return {
    contacts: Math.max(1000, Math.round(1_000_000 * scale)),
    events: Math.max(20_000, Math.round(20_000_000 * scale)),
    campaigns: 12,
    recipientsPerCampaign: Math.max(100, Math.round(100_000 * scale)),
  };
}

export async function generateDataset(client: pg.Client, teamId: string, size: DatasetSize, log: (m: string) => void) {
  await generateContacts(client, teamId, size);
  log(`contacts: ${size.contacts}`);
  await withIndexesRebuilt(client, "events", async () => {
    for (let start = 0; start < size.events; start += BATCH) {
      await generateEvents(client, teamId, size, start, Math.min(start + BATCH, size.events));
      log(`events: ${Math.min(start + BATCH, size.events)}`);
    }
  });
  await generateCampaigns(client, teamId, size);
  log("campaigns, deliveries, opens and clicks");
  await client.query("vacuum analyze");
}

async function generateContacts(client: pg.Client, teamId: string, size: DatasetSize) {
  for (let start = 0; start < size.contacts; start += 200_000) {
    const end = Math.min(start + 200_000, size.contacts) - 1;
    await client.query(
      `insert into contacts (id, team_id, email, name, phone, attributes, created_at, email_status)
       select ${contactIdSql("k")}, $1, 'person.' || k || '@example-' || (k % 97) || '.com',
              (array['Ada','Zoë','José','Priya','Łukasz','Ngozi'])[1 + k % 6] || ' ' || (array['Lovelace','Müller','García','Okafor','Sato'])[1 + k % 5],
              case when k % 3 = 0 then null else '+1415' || lpad((k % 10000000)::text, 7, '0') end,
              jsonb_build_object(
                'plan', (array['free','free','free','pro','team'])[1 + (hashint4(k) & 2147483647) % 5],
                'seats', 1 + (hashint4(k + 1) & 2147483647) % 50,
                'country', (array['US','US','GB','DE','FR','CA','BR','IN','JP','AU'])[1 + (hashint4(k + 2) & 2147483647) % 10]),
              now() - make_interval(secs => k * 31.5 * 1000000 / $4::float8),
              case when k % 50 = 0 then 'unsubscribed' else 'subscribed' end
       from generate_series($2::int, $3::int) k`,
      [teamId, start, end, size.contacts],
    );
  }
}

async function generateEvents(client: pg.Client, teamId: string, size: DatasetSize, start: number, end: number) {
  // contact: floor(N * u^3), a power law; name: floor(51^u) - 1, Zipf-like over 50 names.
  await client.query(
    `insert into events (id, team_id, contact_id, type, name, user_id, properties, message_id, occurred_at, received_at)
     select gen_random_uuid(), $1, ${contactIdSql("r.k")}, 'track', ($5::text[])[1 + r.n], 'user-' || r.k,
            jsonb_build_object('amount', round((random() * 200)::numeric, 2), 'format', (array['pdf','csv','xlsx'])[1 + g % 3]),
            'm-' || g, r.at, r.at
     from generate_series($2::int, $3::int) g,
          lateral (select least($4::int - 1, floor($4::int * power(random(), 3)))::int as k,
                          least(49, floor(power(51, random()))::int - 1) as n,
                          now() - random() * interval '90 days' as at
                   where g >= 0) r`,
    [teamId, start, end - 1, size.contacts, EVENT_NAMES],
  );
}

async function generateCampaigns(client: pg.Client, teamId: string, size: DatasetSize) {
  // One campaign a week, each to a different slice of the contacts.
  await client.query(
    `insert into campaigns (id, team_id, name, type, state, sent_at, created_at)
     select ${contactIdSql("1000000000 + c")}, $1, 'Weekly ' || c, 'EMAIL', 'SENT', now() - make_interval(days => 7 * c), now() - make_interval(days => 7 * c)
     from generate_series(0, $2::int - 1) c`,
    [teamId, size.campaigns],
  );
  await client.query(
    `insert into deliveries (team_id, campaign_id, contact_id, channel, address, status, sent_at)
     select $1, ${contactIdSql("1000000000 + c")}, ${contactIdSql("(c * 7919 + i * 13) % $3::int")}, 'EMAIL', 'someone@example.com',
            case when i % 40 = 0 then 'failed' else 'sent' end,
            case when i % 40 = 0 then null else now() - make_interval(days => 7 * c) end
     from generate_series(0, $2::int - 1) c, generate_series(0, $4::int - 1) i
     on conflict do nothing`,
    [teamId, size.campaigns, size.contacts, size.recipientsPerCampaign],
  );
  await generateEngagement(client, teamId);
}

/** Opens and clicks of the sent deliveries, once the tracking tables exist and are still empty. */
export async function generateEngagement(client: pg.Client, teamId: string): Promise<boolean> {
  const tracked = await client.query(`select to_regclass('engagement_events') is not null as present`);
  if (!tracked.rows[0].present) return false;
  const existing = await client.query(`select exists (select 1 from engagement_events) as present`);
  if (existing.rows[0].present) return false;
  // A quarter of sent deliveries opened within two days, a fifth of those clicked.
  await client.query(
    `insert into engagement_events (team_id, delivery_id, campaign_id, contact_id, kind, occurred_at)
     select d.team_id, d.id, d.campaign_id, d.contact_id, k.kind, d.sent_at + random() * interval '2 days'
     from (select *, hashtext(id::text) & 2147483647 as h from deliveries where team_id = $1 and status = 'sent') d
     cross join lateral (select 'open' as kind union all select 'click' where (d.h >> 2) % 5 = 0) k
     where d.h % 4 = 0`,
    [teamId],
  );
  await client.query("vacuum analyze engagement_events");
  return true;
}

/**
 * Drops a table's secondary indexes and primary key while `load` fills it, then
 * builds them again from their own definitions: a sorted build is many times
 * faster than maintaining five indexes row by row through 20,000,000 inserts.
 */
async function withIndexesRebuilt(client: pg.Client, table: string, load: () => Promise<void>) {
  const { rows: indexes } = await client.query<{
    name: string;
    def: string;
    constraint: string | null;
    constraintDef: string | null;
  }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as def, c.conname as constraint, pg_get_constraintdef(c.oid) as "constraintDef"
     from pg_index x join pg_class i on i.oid = x.indexrelid
     left join pg_constraint c on c.conindid = i.oid
     where x.indrelid = $1::regclass`,
    [table],
  );
  for (const index of indexes) {
    if (index.constraint) await client.query(`alter table ${table} drop constraint ${index.constraint}`);
    else await client.query(`drop index ${index.name}`);
  }
  await load();
  await client.query("set maintenance_work_mem = '1GB'");
  for (const index of indexes) {
    if (index.constraint)
      await client.query(`alter table ${table} add constraint ${index.constraint} ${index.constraintDef}`);
    else await client.query(index.def);
  }
}
