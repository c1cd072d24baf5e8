// bench/analytics: how fast the Analytics page, a campaign page and GET /api/analytics
// answer on a large team, and how far the rollups fall behind events arriving fast.
// Dataset at ANALYTICS_SCALE=1: 1,000,000 contacts, 200 sent campaigns with 10,000,000
// deliveries, about 2,000,000 opens and clicks, 20,000,000 product events over 90 days.
// The ledger and engagement go through the real triggers (so the rollups are what
// production keeps); product events are generated in SQL and rolled up the same way
// the migration backfills them.
// Prints JSON: p50/p95 per scenario under 10 concurrent clients, and the rollup lag
// (event counts, and the property values counted by the same worker).
// Usage: npm run build && ANALYTICS_SCALE=0.01 node bench/analytics.ts
//   targets: pages p95 <= 150 ms, API p95 <= 50 ms, rollup lag <= 5 s at 20,000 events/s.
// Before and after in one run: ANALYTICS_BEFORE=<another checkout, built> starts that
// build too, on a database of its own in the same PostgreSQL with the same dataset, and
// measures each scenario on both in turn (before, after, before, after), so both see
// the same machine load. ANALYTICS_REQUESTS (default 200) requests per measure;
// ANALYTICS_LAG_SECONDS (default 10, 0 to skip) of events for the rollup lag.
// WEB_CONCURRENCY (as README.md documents it) is passed to both builds, so each serves
// from that many web processes; the server CPU is then summed over all of them.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { sessionCookie } from "#app/http/cookies.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { serveArguments } from "../scripts/serve-command.ts";
import { analyticsDatasetSize, generateAnalyticsDataset } from "./lib/analytics-dataset.ts";
import { signUp, startBenchApp, treeCpuSeconds } from "./lib/app-server.ts";

const SCALE = Number(process.env.ANALYTICS_SCALE ?? 1);
const SIZE = analyticsDatasetSize(SCALE);
const { contacts: CONTACTS, campaigns: CAMPAIGNS, perCampaign: PER_CAMPAIGN, events: EVENTS } = SIZE;
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.ANALYTICS_REQUESTS ?? 200);
const LAG_RATE = 20_000;
const LAG_SECONDS = Number(process.env.ANALYTICS_LAG_SECONDS ?? 10);
const PORT = 3417;
const BEFORE = process.env.ANALYTICS_BEFORE;

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
        // One property, so the lag of the property values is measured too.
        properties: { probe: "lag" },
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
  const seen: { at: number; counted: number; values: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { rows } = await client.query<{ n: string; values: string }>(
        `select (select coalesce(sum(events), 0) from team_event_hourly where team_id = $1::uuid and name = 'Lag Probe') as n,
           (select coalesce(sum(events), 0) from team_event_property_daily
            where team_id = $1::uuid and name = 'Lag Probe' and property = 'probe') as values`,
        [teamId],
      );
      seen.push({ at: performance.now(), counted: Number(rows[0]!.n), values: Number(rows[0]!.values) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all(senders);
  const seconds = (performance.now() - started) / 1000;
  for (
    const deadline = Date.now() + 30_000;
    Date.now() < deadline && Math.min(seen.at(-1)?.counted ?? 0, seen.at(-1)?.values ?? 0) < acked;
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  polling = false;
  await poller;
  const lags = acks.map(
    (ack) => (seen.find((s) => s.at >= ack.at && s.counted >= ack.acked)?.at ?? Number.POSITIVE_INFINITY) - ack.at,
  );
  const valueLags = acks.map(
    (ack) => (seen.find((s) => s.at >= ack.at && s.values >= ack.acked)?.at ?? Number.POSITIVE_INFINITY) - ack.at,
  );
  return {
    events: acked,
    eventsPerSecond: Math.round(acked / seconds),
    maxLagMs: Math.round(Math.max(...lags)),
    maxPropertyValuesLagMs: Math.round(Math.max(...valueLags)),
    // A poll happens every 100 ms, so lags below that read as "seen at the next poll".
    pollIntervalMs: 100,
    rolledUp: seen.at(-1)?.counted ?? 0,
  };
}

/** A server under test, signed up, with the dataset in its team. */
type Subject = {
  baseUrl: string;
  cookie: Record<string, string>;
  bearer: Record<string, string>;
  teamId: string;
  token: string;
  campaignId: string;
  client: pg.Client;
  cpuSeconds: () => { server: number; postgres: number };
};

async function prepare(
  baseUrl: string,
  databaseUrl: string,
  cpuSeconds: Subject["cpuSeconds"],
): Promise<Subject & { generateSeconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const token = await signUp(baseUrl);
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { team: { id: string } };
  };
  const teamId = me.data.team.id;
  const started = performance.now();
  await generateAnalyticsDataset(client, teamId, SIZE);
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  const { rows } = await client.query<{ id: string }>(`select md5($1::text || 'k' || 100)::uuid as id`, [teamId]);
  return {
    baseUrl,
    cookie: { Cookie: (await sessionCookie.serialize(token)).split(";")[0]! },
    bearer: { Authorization: `Bearer ${token}` },
    teamId,
    token,
    campaignId: rows[0]!.id,
    client,
    cpuSeconds,
    generateSeconds,
  };
}

/** The other build, as `npm run serve` starts it, from its own directory, on its own database. */
async function startBefore(dir: string, databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, serveArguments(), {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      ROLE: "all",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (server.exitCode !== null) throw new Error(`The before server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The before server did not become ready within 60 s");
}

async function measureAll(subject: Subject) {
  return {
    analyticsPage90d: await measure(
      `${subject.baseUrl}/dashboard/analytics?range=90d`,
      subject.cookie,
      subject.cpuSeconds,
    ),
    campaignPage: await measure(
      `${subject.baseUrl}/dashboard/broadcasts/${subject.campaignId}`,
      subject.cookie,
      subject.cpuSeconds,
    ),
    apiAnalytics90d: await measure(`${subject.baseUrl}/api/analytics?range=90d`, subject.bearer, subject.cpuSeconds),
    // A cheap dashboard page: about what every dashboard page pays before its own work.
    accountPage: await measure(`${subject.baseUrl}/dashboard/account`, subject.cookie, subject.cpuSeconds),
  };
}

async function main() {
  const app = await startBenchApp({ port: PORT, pss: false });
  let before: ChildProcess | undefined;
  const subjects: Subject[] = [];
  try {
    const after = await prepare(app.baseUrl, app.databaseUrl, app.cpuSeconds);
    subjects.push(after);
    if (BEFORE) {
      const databaseUrl = withDatabase(app.databaseUrl, "murmur_before");
      await ensureDatabase(app.databaseUrl, "murmur_before");
      // Beside this build's port, BENCH_PORT or not, so checkouts side by side do not collide.
      const port = (Number(process.env.BENCH_PORT) || PORT) + 1;
      before = await startBefore(BEFORE, databaseUrl, port);
      const pid = before.pid!;
      subjects.push(
        await prepare(`http://127.0.0.1:${port}`, databaseUrl, () => ({
          server: treeCpuSeconds(pid),
          postgres: app.cpuSeconds().postgres,
        })),
      );
    }
    const runs: Record<string, Awaited<ReturnType<typeof measureAll>>[]> = { after: [], before: [] };
    for (let round = 0; round < (BEFORE ? 2 : 1); round++) {
      if (BEFORE) runs.before!.push(await measureAll(subjects[1]!));
      runs.after!.push(await measureAll(after));
    }
    // The rollup lag of each build, the before one first: what counting changes costs the worker shows here.
    const lagOf = (subject: Subject) => rollupLag(subject.baseUrl, subject.token, subject.client, subject.teamId);
    const lagBefore = BEFORE && LAG_SECONDS > 0 ? await lagOf(subjects[1]!) : null;
    const lag = LAG_SECONDS > 0 ? await lagOf(after) : null;
    console.log(
      JSON.stringify(
        {
          scale: SCALE,
          dataset: {
            contacts: CONTACTS,
            campaigns: CAMPAIGNS,
            deliveries: CAMPAIGNS * PER_CAMPAIGN,
            events: EVENTS,
            generateSeconds: after.generateSeconds,
          },
          concurrency: CONCURRENCY,
          webConcurrency: Number(process.env.WEB_CONCURRENCY ?? 1),
          // Without ANALYTICS_BEFORE, one run of this build; with it, two of each, in turn.
          ...(BEFORE ? { before: runs.before, after: runs.after } : runs.after![0]),
          loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
          rollupLag: lag,
          ...(BEFORE ? { rollupLagBefore: lagBefore } : {}),
          targets: { pagesP95Ms: 150, apiP95Ms: 50, rollupLagMs: 5000, eventsPerSecond: LAG_RATE },
        },
        null,
        2,
      ),
    );
  } finally {
    for (const subject of subjects) await subject.client.end();
    if (before) {
      before.kill("SIGTERM");
      await new Promise((resolve) => before!.once("exit", resolve));
    }
    await app.stop();
  }
}

await main();
