// bench/analytics: how fast the Analytics page, a campaign page and GET /api/analytics
// answer on a large team, and how far the rollups fall behind events arriving fast.
// Dataset at ANALYTICS_SCALE=1: 1,000,000 contacts, 200 sent campaigns with 10,000,000
// deliveries, about 2,000,000 opens and clicks, 20,000,000 product events over 90 days.
// The ledger and engagement go through the real triggers (so the rollups are what
// production keeps); product events are generated in SQL and rolled up the same way
// the migration backfills them.
// Prints JSON: p50/p95 per scenario under 10 concurrent clients, and the rollup lag.
// Usage: npm run build && ANALYTICS_SCALE=0.01 node bench/analytics.ts
//   targets: pages p95 <= 150 ms, API p95 <= 50 ms, rollup lag <= 5 s at 20,000 events/s.
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { sessionCookie } from "#app/http/cookies.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";

const SCALE = Number(process.env.ANALYTICS_SCALE ?? 1);
const CONTACTS = Math.max(1000, Math.round(1_000_000 * SCALE));
const CAMPAIGNS = 200;
const PER_CAMPAIGN = Math.max(10, Math.round((10_000_000 * SCALE) / CAMPAIGNS));
const EVENTS = Math.max(10_000, Math.round(20_000_000 * SCALE));
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.ANALYTICS_REQUESTS ?? 200);
const LAG_RATE = 20_000;
const LAG_SECONDS = Number(process.env.ANALYTICS_LAG_SECONDS ?? 10);
const PORT = 3417;
const log = (message: string) => console.error(`[bench/analytics] ${message}`);

async function generate(client: pg.Client, teamId: string) {
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

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", agent, headers: options.headers }, (response) => {
      response.resume();
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(response.statusCode)
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * Latency percentiles of REQUESTS requests made by CONCURRENCY clients at once, after
 * a short warm-up, and the CPU each cost the server and PostgreSQL: on a shared
 * machine the wall-clock figures follow its load, the CPU far less.
 */
async function measure(
  url: string,
  headers: Record<string, string>,
  cpuSeconds: () => { server: number; postgres: number },
) {
  for (let i = 0; i < 5; i++) await request(url, { headers });
  const times: number[] = [];
  const cpuBefore = cpuSeconds();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const started = performance.now();
        await request(url, { headers });
        times.push(performance.now() - started);
      }
    }),
  );
  const cpuAfter = cpuSeconds();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 10) / times.length) / 10;
  return {
    requests: times.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: at(1),
    serverCpuMsPerRequest: perRequest(cpuAfter.server - cpuBefore.server),
    postgresCpuMsPerRequest: perRequest(cpuAfter.postgres - cpuBefore.postgres),
  };
}

/**
 * Posts events at LAG_RATE a second for LAG_SECONDS through /v1/batch while polling
 * the rollup; the lag of a batch is the time from its answer until the rollup holds
 * every event answered so far.
 */
async function rollupLag(baseUrl: string, token: string, client: pg.Client, teamId: string) {
  const created = await fetch(`${baseUrl}/api/write-keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "bench", kind: "server" }),
  });
  const writeKey = ((await created.json()) as { data: { key: string } }).data.key;
  const auth = `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}`;
  const batch = 500;
  const total = LAG_RATE * LAG_SECONDS;
  const acks: { at: number; acked: number }[] = [];
  let acked = 0;
  let sent = 0;
  const started = performance.now();
  const senders = Array.from({ length: 8 }, async () => {
    while (sent < total) {
      const from = sent;
      sent += batch;
      // Keep to the rate: a batch waits for its moment.
      const due = started + (from / LAG_RATE) * 1000;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      const messages = Array.from({ length: batch }, (_, i) => ({
        type: "track",
        userId: `u${(from + i) % CONTACTS}`,
        event: "Lag Probe",
        messageId: `lag-${from + i}`,
        timestamp: new Date().toISOString(),
      }));
      await request(`${baseUrl}/v1/batch`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: auth },
        body: JSON.stringify({ batch: messages }),
      });
      acked += batch;
      acks.push({ at: performance.now(), acked });
    }
  });
  const seen: { at: number; counted: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { rows } = await client.query<{ n: string }>(
        `select coalesce(sum(events), 0) as n from team_event_hourly where team_id = $1::uuid and name = 'Lag Probe'`,
        [teamId],
      );
      seen.push({ at: performance.now(), counted: Number(rows[0]!.n) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all(senders);
  const seconds = (performance.now() - started) / 1000;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && (seen.at(-1)?.counted ?? 0) < acked;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  polling = false;
  await poller;
  const lags = acks.map(
    (ack) => (seen.find((s) => s.at >= ack.at && s.counted >= ack.acked)?.at ?? Number.POSITIVE_INFINITY) - ack.at,
  );
  return {
    events: acked,
    eventsPerSecond: Math.round(acked / seconds),
    maxLagMs: Math.round(Math.max(...lags)),
    // A poll happens every 100 ms, so lags below that read as "seen at the next poll".
    pollIntervalMs: 100,
    rolledUp: seen.at(-1)?.counted ?? 0,
  };
}

async function main() {
  const app = await startBenchApp({ port: PORT, pss: false });
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const token = await signUp(app.baseUrl);
    const me = (await (
      await fetch(`${app.baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { team: { id: string } } };
    const teamId = me.data.team.id;
    const generateStarted = performance.now();
    await generate(client, teamId);
    const generateSeconds = Math.round((performance.now() - generateStarted) / 100) / 10;
    const { rows } = await client.query<{ id: string }>(`select md5($1::text || 'k' || 100)::uuid as id`, [teamId]);
    const cookie = { Cookie: (await sessionCookie.serialize(token)).split(";")[0]! };
    const bearer = { Authorization: `Bearer ${token}` };
    const analyticsPage90d = await measure(`${app.baseUrl}/dashboard/analytics?range=90d`, cookie, app.cpuSeconds);
    const campaignPage = await measure(`${app.baseUrl}/dashboard/broadcasts/${rows[0]!.id}`, cookie, app.cpuSeconds);
    const apiAnalytics90d = await measure(`${app.baseUrl}/api/analytics?range=90d`, bearer, app.cpuSeconds);
    const lag = await rollupLag(app.baseUrl, token, client, teamId);
    console.log(
      JSON.stringify(
        {
          scale: SCALE,
          dataset: {
            contacts: CONTACTS,
            campaigns: CAMPAIGNS,
            deliveries: CAMPAIGNS * PER_CAMPAIGN,
            events: EVENTS,
            generateSeconds,
          },
          concurrency: CONCURRENCY,
          analyticsPage90d,
          campaignPage,
          apiAnalytics90d,
          loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
          rollupLag: lag,
          targets: { pagesP95Ms: 150, apiP95Ms: 50, rollupLagMs: 5000, eventsPerSecond: LAG_RATE },
        },
        null,
        2,
      ),
    );
  } finally {
    await client.end();
    await app.stop();
  }
}

await main();
