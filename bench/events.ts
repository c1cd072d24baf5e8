// bench/events: product events ingested through the Segment-compatible tracking
// API. A team's contacts are first identified through /v1/batch (userId, email,
// name, plan), then the events (50 names, a power law of activity per contact,
// 90 days) go through /v1/batch from several concurrent clients. Baseline in the
// same run: the same events as plain multi-row INSERTs, from as many connections,
// straight into a table with the events table's columns and indexes.
// Prints JSON. Usage: npm run build && node bench/events.ts [--scale 0.1] [--events N]
//   [--contacts N] [--clients N] [--batch N] [--port N]
import http from "node:http";
import pg from "pg";
import { newId } from "#db/ids.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";
import { emailFor } from "./lib/audience.ts";
import { productEvents, SDK_CONTEXT, userIdFor } from "./lib/product-events.ts";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const SCALE = arg("scale", 1);
const EVENTS = arg("events", Math.round(20_000_000 * SCALE));
const CONTACTS = arg("contacts", Math.round(1_000_000 * SCALE));
const CLIENTS = arg("clients", 4);
const BATCH = arg("batch", 500);
const PORT = arg("port", 3491);
const NOW = Date.now();

/** Runs `total` items in batches of `size` across `workers` concurrent loops; latencies in ms. */
async function inParallel(
  total: number,
  size: number,
  workers: number,
  run: (from: number, to: number) => Promise<void>,
) {
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        const from = next;
        next = Math.min(total, next + size);
        const started = performance.now();
        await run(from, next);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { p50Ms: at(0.5), p95Ms: at(0.95) };
}

// node:http rather than fetch: the load generator shares the machine with what it
// measures, and fetch costs it about twice the CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function postBatch(baseUrl: string, writeKey: string, batch: object[]): Promise<void> {
  const body = JSON.stringify({ batch, sentAt: new Date().toISOString() });
  const url = new URL("/v1/batch", baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode === 200) resolve();
          else reject(new Error(`/v1/batch failed: ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function createWriteKey(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/write-keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "bench", kind: "server" }),
  });
  if (!response.ok) throw new Error(`Creating a write key failed: ${response.status}`);
  return ((await response.json()) as { data: { key: string } }).data.key;
}

function trackMessages(from: number, to: number) {
  return [...productEvents({ contacts: CONTACTS, from, to, now: NOW })].map((e) => ({
    type: "track",
    userId: e.userId,
    event: e.event,
    properties: e.properties,
    context: SDK_CONTEXT,
    timestamp: e.timestamp,
    messageId: e.messageId,
  }));
}

/** The same events as the API stored, as one multi-row INSERT per batch into a copy of the events table. */
async function baseline(databaseUrl: string, teamId: string, cpuSeconds: () => { server: number; postgres: number }) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query("create table bench_baseline (like events including all)");
  const contactIds = new Map<string, string>();
  const { rows } = await admin.query<{ external_id: string; id: string }>(
    "select external_id, id from contacts where team_id = $1 and external_id is not null",
    [teamId],
  );
  for (const row of rows) contactIds.set(row.external_id, row.id);
  await admin.end();

  const pool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS });
  const started = performance.now();
  const latency = await inParallel(EVENTS, BATCH, CLIENTS, async (from, to) => {
    const values: unknown[] = [];
    const tuples: string[] = [];
    const receivedAt = new Date();
    for (const e of productEvents({ contacts: CONTACTS, from, to, now: NOW })) {
      const n = values.length;
      tuples.push(`(${Array.from({ length: 11 }, (_, k) => `$${n + k + 1}`).join(", ")})`);
      values.push(
        newId(),
        teamId,
        contactIds.get(e.userId) ?? null,
        "track",
        e.event,
        e.userId,
        JSON.stringify(e.properties),
        JSON.stringify(SDK_CONTEXT),
        e.messageId,
        e.timestamp,
        receivedAt,
      );
    }
    await pool.query(
      `insert into bench_baseline (id, team_id, contact_id, type, name, user_id, properties, context, message_id, occurred_at, received_at)
       values ${tuples.join(", ")}`,
      values,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  // Read before the connections close: a backend that has exited but is not yet
  // reaped by the postmaster counts nowhere, and its CPU would be lost.
  const cpu = cpuSeconds();
  await pool.end();
  return { seconds, latency, cpu };
}

/**
 * Waits until the worker has indexed the identified contacts for search, so that
 * the set-up's background work does not run in, and count against, the measured phase.
 */
async function searchIndexCaughtUp(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const { rows } = await client.query<{ queued: string }>("select count(*) as queued from contact_search_queue");
      if (Number(rows[0]!.queued) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("The contacts search index did not catch up within 120 s");
  } finally {
    await client.end();
  }
}

/**
 * Waits until the worker has rolled up every ingested event for analytics, and says
 * how long that took after the last request was answered: the rollups are counted
 * off the request path, so their cost is measured here, not hidden in the baseline
 * phase that follows. Null on a database without the rollup queue.
 */
async function rollupsCaughtUp(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    const { rows: table } = await client.query<{ exists: boolean }>(
      "select to_regclass('event_rollup_queue') is not null as exists",
    );
    if (!table[0]!.exists) return null;
    for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
      const { rows } = await client.query<{ queued: string }>("select count(*) as queued from event_rollup_queue");
      if (Number(rows[0]!.queued) === 0) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("The event rollups did not catch up within 300 s");
  } finally {
    await client.end();
  }
}

async function countStored(databaseUrl: string, teamId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ events: string; attached: string; contacts: string }>(
      `select (select count(*) from events where team_id = $1) as events,
              (select count(*) from events where team_id = $1 and type = 'track' and contact_id is not null) as attached,
              (select count(*) from contacts where team_id = $1) as contacts`,
      [teamId],
    );
    return {
      events: Number(rows[0]!.events),
      trackAttached: Number(rows[0]!.attached),
      contacts: Number(rows[0]!.contacts),
    };
  } finally {
    await client.end();
  }
}

async function main() {
  // Memory is sampled as RSS only: reading PSS costs CPU that would compete with ingestion.
  const app = await startBenchApp({ port: PORT, pss: false });
  try {
    const token = await signUp(app.baseUrl);
    const writeKey = await createWriteKey(app.baseUrl, token);
    const me = (await (
      await fetch(`${app.baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { team: { id: string } };
    };
    const teamId = me.data.team.id;

    // The audience, identified the way a product does it: userId with email, name and a plan.
    let started = performance.now();
    await inParallel(CONTACTS, BATCH, CLIENTS, (from, to) =>
      postBatch(
        app.baseUrl,
        writeKey,
        Array.from({ length: to - from }, (_, k) => ({
          type: "identify",
          userId: userIdFor(from + k),
          traits: {
            email: emailFor(from + k),
            name: `Person ${from + k}`,
            plan: ["free", "pro", "enterprise"][(from + k) % 3],
          },
          messageId: `identify-${from + k}`,
        })),
      ),
    );
    const identifySeconds = (performance.now() - started) / 1000;
    await searchIndexCaughtUp(app.databaseUrl);

    started = performance.now();
    let cpu = app.cpuSeconds();
    let clientCpuBefore = process.cpuUsage();
    const apiLatency = await inParallel(EVENTS, BATCH, CLIENTS, (from, to) =>
      postBatch(app.baseUrl, writeKey, trackMessages(from, to)),
    );
    const ingestSeconds = (performance.now() - started) / 1000;
    const apiCpu = { ...cpuSince(cpu, app.cpuSeconds()), client: round(cpuOf(process.cpuUsage(clientCpuBefore))) };
    cpu = app.cpuSeconds();
    const rollupCatchUpSeconds = await rollupsCaughtUp(app.databaseUrl);
    const rollupCatchUpCpu = cpuSince(cpu, app.cpuSeconds());
    const stored = await countStored(app.databaseUrl, teamId);

    // The baseline's client work runs in this process, so its CPU counts with PostgreSQL's.
    cpu = app.cpuSeconds();
    clientCpuBefore = process.cpuUsage();
    const base = await baseline(app.databaseUrl, teamId, app.cpuSeconds);
    const baselineCpu = { ...cpuSince(cpu, base.cpu), client: round(cpuOf(process.cpuUsage(clientCpuBefore))) };
    const eventsPerSecond = Math.round(EVENTS / ingestSeconds);
    const baselinePerSecond = Math.round(EVENTS / base.seconds);
    console.log(
      JSON.stringify(
        {
          benchmark: "events",
          events: EVENTS,
          contacts: CONTACTS,
          eventNames: 50,
          days: 90,
          clients: CLIENTS,
          eventsPerRequest: BATCH,
          identifiesPerSecond: Math.round(CONTACTS / identifySeconds),
          ingestSeconds: round(ingestSeconds),
          eventsPerSecond,
          apiRequestLatency: apiLatency,
          baselineSeconds: round(base.seconds),
          baselineEventsPerSecond: baselinePerSecond,
          baselineStatementLatency: base.latency,
          ratioToBaseline: round(eventsPerSecond / baselinePerSecond),
          // The machine may be shared: CPU seconds spent per phase say more than wall time when it is busy.
          apiCpuSeconds: apiCpu,
          baselineCpuSeconds: baselineCpu,
          // The same per event, in microseconds: comparable across scales and machine loads.
          apiCpuMicrosecondsPerEvent: perEvent(apiCpu),
          // The worker rolls up events while they arrive (its CPU is in apiCpuSeconds);
          // what it still had queued when the last request was answered took this long and cost this much.
          rollupCatchUpSeconds: rollupCatchUpSeconds === null ? null : round(rollupCatchUpSeconds),
          rollupCatchUpCpuSeconds: rollupCatchUpCpu,
          baselineCpuMicrosecondsPerEvent: perEvent(baselineCpu),
          stored,
          serverPeakRssMb: app.peakRssMb(),
          targets: { eventsPerSecond: 20_000, ratioToBaseline: 0.5 },
        },
        null,
        2,
      ),
    );
  } finally {
    await app.stop();
  }
}

function cpuSince(before: { server: number; postgres: number }, after: { server: number; postgres: number }) {
  return { server: round(after.server - before.server), postgres: round(after.postgres - before.postgres) };
}

function perEvent(cpu: Record<string, number>): Record<string, number> {
  const micros = (seconds: number) => Math.round((seconds * 1e6) / EVENTS);
  const each = Object.fromEntries(Object.entries(cpu).map(([part, seconds]) => [part, micros(seconds)]));
  return { ...each, total: micros(Object.values(cpu).reduce((sum, seconds) => sum + seconds, 0)) };
}

function cpuOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}

await main();
