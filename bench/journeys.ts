// bench/journeys: the journey engine under load, against the pipelines it is built on,
// measured in the same run on the built server (ROLE=all: web and worker in one process).
//
// Event-triggered: contacts identified through /v1/batch, then (1) events ingested through
// /v1/batch as fast as 4 clients go with no journey live (bench/events' path), (2) the same
// number of triggering events as fast with a journey live whose first step sends an email
// (every event enters a run), (3) triggering events paced at --rate per second for --seconds
// into a second journey: the time from an event's receipt to its message in the ledger
// (queued) and sent to the outbox, p50/p95. Targets: (2) >= 0.8 × (1); sent p95 <= 2 s. Also (2b) the
// same events with that journey paused: what the request path costs with journeys, without the
// worker in the same process entering and sending meanwhile.
//
// Segment-triggered: --segment contacts (default 1,000,000) enter a journey at once (the
// static segment's members, entered as adding them to the segment enters them) whose first
// step sends an email; against a broadcast to the same contacts in the same run, both to the
// outbox. Target: journey messages/s >= 0.7 × broadcast messages/s.
//
// Phases (1), (2) and (2b) run --rounds times in turn, and the ratios are those of the means. Each
// phase starts once the worker has taken every queued ingestion batch (journeys' reaction, event
// rollups) of the one before, and the database is vacuumed and analysed. Also the seconds the worker's background work waited for ingestion in each event-triggered
// phase (murmur_ingestion_yield_seconds_total, by work; absent from builds without it).
//
// Prints JSON. Usage: npm run build && node bench/journeys.ts [--seconds 60] [--rate 2000]
//   [--contacts 20000] [--events 100000] [--rounds 3] [--segment 1000000] [--port N] [--statements]
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { createDatabase, type Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { enterSegmentMembers } from "#server/journeys/engine/enter-contacts.ts";
import { JourneyInputSchema, type JourneyInput } from "#shared/journeys/definition.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";
import { benchAccess, seedContacts, seedSegment } from "./lib/send-fixtures.ts";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const SECONDS = arg("seconds", 60);
const RATE = arg("rate", 2000);
const CONTACTS = arg("contacts", 20_000);
const EVENTS = arg("events", 100_000);
const SEGMENT = arg("segment", 1_000_000);
const ROUNDS = arg("rounds", 3);
const PORT = arg("port", 3493);
// Loads pg_stat_statements and prints the costliest statements of the paced phase, the broadcast and the segment entry.
const STATEMENTS = process.argv.includes("--statements");
const CLIENTS = 4;
const BATCH = 500;
const log = (message: string) => console.error(`[bench/journeys] ${message}`);

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

// The bench server inherits the environment: /metrics answers with this token.
const METRICS_TOKEN = `bench-${newId()}`;
process.env.METRICS_TOKEN = METRICS_TOKEN;

/** Seconds waited so far for ingestion, by work, as the server's /metrics counts them. */
async function yieldedSeconds(baseUrl: string): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = response.ok ? await response.text() : "";
  const seconds: Record<string, number> = {};
  for (const match of text.matchAll(/^murmur_ingestion_yield_seconds_total\{work="([^"]+)"\} (\S+)$/gm))
    seconds[match[1]!] = Number(match[2]);
  return seconds;
}

/** What was waited between two readings of yieldedSeconds, by work, to the tenth of a second. */
function yieldedBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([work, seconds]) => [work, Math.round((seconds - (before[work] ?? 0)) * 10) / 10]),
  );
}

/**
 * Posts once more when the server closed the kept-alive socket as the request went out (the phases
 * pause for seconds between them); a batch sent twice is stored once, by its messageIds.
 */
async function post(baseUrl: string, path: string, headers: Record<string, string>, payload: object): Promise<void> {
  try {
    await postOnce(baseUrl, path, headers, payload);
  } catch (error) {
    if ((error as { code?: string }).code !== "ECONNRESET") throw error;
    await postOnce(baseUrl, path, headers, payload);
  }
}

function postOnce(baseUrl: string, path: string, headers: Record<string, string>, payload: object): Promise<void> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode === 200 || response.statusCode === 201) resolve();
          else reject(new Error(`${path} failed: ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const userIdOf = (i: number) => `bench-user-${i}`;

function trackBatch(from: number, to: number, event: string) {
  return Array.from({ length: to - from }, (_, k) => ({
    type: "track",
    userId: userIdOf((from + k) % CONTACTS),
    event,
    properties: { cart_id: `cart-${from + k}`, total: 42 },
    messageId: `${event}-${from + k}-${newId()}`,
    timestamp: new Date().toISOString(),
  }));
}

/** Posts `total` events in batches from CLIENTS loops as fast as the server answers; events per second. */
async function ingestFlat(send: (batch: object[]) => Promise<void>, total: number, event: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const from = next;
        next = Math.min(total, next + BATCH);
        await send(trackBatch(from, next, event));
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** A live journey on version 1 of `input`, written as going live leaves it. */
async function goLive(db: Database, teamId: string, input: JourneyInput): Promise<string> {
  const { name, definition } = JourneyInputSchema.parse(input);
  const id = newId();
  const entry = definition.entry;
  await db
    .insertInto("journeys")
    .values({
      id,
      teamId,
      name,
      state: "live",
      definition: JSON.stringify(definition),
      liveVersion: 1,
      entryType: entry.type,
      entryEvent: entry.type === "event" ? entry.event : null,
      entrySegmentId: entry.type === "segment" ? entry.segmentId : null,
      startedAt: new Date(),
    })
    .execute();
  await db
    .insertInto("journeyVersions")
    .values({ journeyId: id, version: 1, teamId, definition: JSON.stringify(definition) })
    .execute();
  return id;
}

const emailStep = {
  id: "mail",
  type: "send" as const,
  channel: "EMAIL" as const,
  subject: "Your cart",
  content: "<p>{{ event.properties.cart_id }}</p>",
};

/**
 * Seconds until the journey has nothing left to do: every event queued for the journeys taken,
 * every run entered past its send step (sent or skipped; a message a cap holds back keeps it
 * open), and none of its messages queued or sending. Read from the step counters and the
 * per-status totals, a few rows: an exists over the journey's unfinished runs walked the
 * finished runs' index entries and cost PostgreSQL up to 60 ms a poll at 200,000 runs, about a
 * sixth of what the segment entry measured for the journey.
 */
async function drained(db: Database, journeyId: string, limitSeconds = 1800): Promise<number> {
  const started = performance.now();
  for (const deadline = Date.now() + limitSeconds * 1000; Date.now() < deadline;) {
    const { rows } = await sql<{ open: boolean }>`
      select exists (select 1 from journey_event_queue)
        or (select coalesce(sum(entered) filter (where step_id = '@entry'), 0) - coalesce(sum(sent + skipped), 0)
          from journey_step_stats where journey_id = ${journeyId}) > 0
        or exists (select 1 from campaign_delivery_counts k join campaigns c on c.id = k.campaign_id
          where c.journey_id = ${journeyId} and k.status in ('queued', 'sending') and k.total > 0) as open`.execute(db);
    if (!rows[0]!.open) return (performance.now() - started) / 1000;
    await sleep(100);
  }
  throw new Error(`Journey ${journeyId} did not drain within ${limitSeconds} s`);
}

/**
 * Waits until the worker has taken every queued ingestion batch (the journeys' reaction and the event
 * rollups), so each phase starts from the same state rather than with the last one's backlog; seconds waited.
 */
async function settled(db: Database): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await sql<{ open: boolean }>`
      select exists (select 1 from journey_event_queue) or exists (select 1 from event_rollup_queue) as open`.execute(
      db,
    );
    if (!rows[0]!.open) break;
    await sleep(100);
  }
  // What the phase before wrote is vacuumed and analysed now rather than by autovacuum during the next phase.
  await sql`vacuum (analyze)`.execute(db);
  // And every phase starts right after a checkpoint: a timed one falling inside a phase of a few seconds made
  // that phase alone write whole pages to the WAL on each page's first change.
  await sql`checkpoint`.execute(db);
  return Math.round(performance.now() - started) / 1000;
}

type IngestionRound = {
  withoutJourney: number;
  withJourney: number;
  withPausedJourney: number;
  drainSeconds: number;
  settling: Record<string, number>;
  liveYielded: Record<string, number>;
  /** CPU spent while each phase's clients posted, per 1,000 events: what work the phase ran beside ingestion. */
  cpu: Record<"withoutJourney" | "withJourney" | "withPausedJourney", CpuSeconds>;
  /** With --statements: what PostgreSQL ran while each phase's clients posted, per 1,000 events. */
  statements: Record<
    "withoutJourney" | "withJourney" | "withPausedJourney",
    Awaited<ReturnType<typeof costliestStatements>>
  >;
};

/** Sets the journey's state, then waits out the second in which every process may still see the one before. */
async function setJourneyState(db: Database, journeyId: string, state: "live" | "paused" | "stopped") {
  await db.updateTable("journeys").set({ state }).where("id", "=", journeyId).execute();
  await sleep(1500);
}

async function eventTriggered(
  baseUrl: string,
  db: Database,
  teamId: string,
  writeKey: string,
  cpuSeconds: () => CpuSeconds,
) {
  const auth = { Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}` };
  const send = (batch: object[]) => post(baseUrl, "/v1/batch", auth, { batch, sentAt: new Date().toISOString() });
  log(`identifying ${CONTACTS} contacts`);
  for (let from = 0; from < CONTACTS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, CONTACTS - from) }, (_, k) => ({
      type: "identify",
      userId: userIdOf(from + k),
      traits: { email: `bench.${from + k}@example.test`, name: `Person ${from + k}` },
      messageId: `identify-${from + k}`,
    }));
    await send(batch);
  }

  // Rounds of the three phases in turn, each phase from the same state (the worker idle, the tables just
  // vacuumed): run one after the other once, a later phase met autovacuum working through the rows the one
  // before wrote, and a bigger database, and the ratio measured the order as much as the journey.
  const flatJourney = await goLive(db, teamId, {
    name: "Cart (flat out)",
    entry: { type: "event", event: "Cart Updated", properties: [] },
    reentry: { mode: "every_time" },
    steps: [emailStep],
  });
  await setJourneyState(db, flatJourney, "paused");
  const rounds: IngestionRound[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const settling: Record<string, number> = {};
    await setJourneyState(db, flatJourney, "stopped");
    settling.beforeNoJourney = await settled(db);
    log(`round ${round}: ${EVENTS} events, no journey`);
    await resetStatements(db);
    let cpuBefore = cpuSeconds();
    const withoutJourney = await ingestFlat(send, EVENTS, "Page Viewed");
    const withoutJourneyCpu = cpuPer1000(cpuBefore, cpuSeconds(), EVENTS);
    const withoutJourneyStatements = await costliestStatements(db, EVENTS);

    await setJourneyState(db, flatJourney, "live");
    settling.beforeLive = await settled(db);
    log(`round ${round}: ${EVENTS} triggering events, journey live`);
    const liveYieldBefore = await yieldedSeconds(baseUrl);
    await resetStatements(db);
    cpuBefore = cpuSeconds();
    const withJourney = await ingestFlat(send, EVENTS, "Cart Updated");
    const withJourneyCpu = cpuPer1000(cpuBefore, cpuSeconds(), EVENTS);
    const withJourneyStatements = await costliestStatements(db, EVENTS);
    const drainSeconds = await drained(db, flatJourney);
    const liveYielded = yieldedBetween(liveYieldBefore, await yieldedSeconds(baseUrl));

    // The request path alone: with the journey paused, events are still handed to the journeys (a paused
    // journey's runs may await them), but nobody enters and nothing is sent while the clients post.
    await setJourneyState(db, flatJourney, "paused");
    settling.beforePaused = await settled(db);
    log(`round ${round}: ${EVENTS} triggering events, journey paused`);
    await resetStatements(db);
    cpuBefore = cpuSeconds();
    const withPausedJourney = await ingestFlat(send, EVENTS, "Cart Updated");
    const cpu = {
      withoutJourney: withoutJourneyCpu,
      withJourney: withJourneyCpu,
      withPausedJourney: cpuPer1000(cpuBefore, cpuSeconds(), EVENTS),
    };
    const statements = {
      withoutJourney: withoutJourneyStatements,
      withJourney: withJourneyStatements,
      withPausedJourney: await costliestStatements(db, EVENTS),
    };
    rounds.push({
      withoutJourney,
      withJourney,
      withPausedJourney,
      drainSeconds,
      settling,
      liveYielded,
      cpu,
      statements,
    });
  }
  await setJourneyState(db, flatJourney, "stopped");
  const sum = (pick: (round: IngestionRound) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const withoutJourney = sum((r) => r.withoutJourney) / ROUNDS;
  const withJourney = sum((r) => r.withJourney) / ROUNDS;
  const withPausedJourney = sum((r) => r.withPausedJourney) / ROUNDS;

  const pacedJourney = await goLive(db, teamId, {
    name: "Cart (paced)",
    entry: { type: "event", event: "Checkout Started", properties: [] },
    reentry: { mode: "every_time" },
    steps: [emailStep],
  });
  await sleep(1500);
  const pacedSettledSeconds = await settled(db);
  log(`${RATE} triggering events/s for ${SECONDS} s`);
  const perTick = Math.round(RATE / 4);
  const ticks = SECONDS * 4;
  const pacedYieldBefore = await yieldedSeconds(baseUrl);
  await resetStatements(db);
  const pacedCpu = cpuSeconds();
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const at = started + tick * 250;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(trackBatch(tick * perTick, (tick + 1) * perTick, "Checkout Started")));
  }
  await Promise.all(pending);
  const pacedSeconds = (performance.now() - started) / 1000;
  await drained(db, pacedJourney);
  const pacedMessages = perTick * ticks;
  const pacedCpuPer1000 = cpuPer1000(pacedCpu, cpuSeconds(), pacedMessages);
  const pacedStatements = await costliestStatements(db, pacedMessages);
  const pacedYielded = yieldedBetween(pacedYieldBefore, await yieldedSeconds(baseUrl));
  // Fresh statistics: with the ones from before the run, the planner joins the events by a nested loop of scans.
  await sql`analyze journey_runs, deliveries, events`.execute(db);
  const { rows } = await sql<{
    messages: number;
    queuedP50: number;
    queuedP95: number;
    sentP50: number;
    sentP95: number;
  }>`
    select count(*)::int as messages,
      percentile_cont(0.5) within group (order by extract(epoch from d.queued_at - e.received_at)) as queued_p50,
      percentile_cont(0.95) within group (order by extract(epoch from d.queued_at - e.received_at)) as queued_p95,
      percentile_cont(0.5) within group (order by extract(epoch from d.sent_at - e.received_at)) as sent_p50,
      percentile_cont(0.95) within group (order by extract(epoch from d.sent_at - e.received_at)) as sent_p95
    from deliveries d
    join journey_runs r on r.id = d.journey_run_id
    join events e on e.team_id = r.team_id and e.message_id = r.trigger_message_id
    where r.journey_id = ${pacedJourney} and d.status = 'sent'`.execute(db);
  const latency = rows[0]!;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    contacts: CONTACTS,
    ingestion: {
      events: EVENTS,
      rounds: ROUNDS,
      // Means over the rounds; the ratios are those of the means.
      withoutJourneyPerSecond: Math.round(withoutJourney),
      withJourneyPerSecond: Math.round(withJourney),
      ratio: round(withJourney / withoutJourney),
      target: 0.8,
      withPausedJourneyPerSecond: Math.round(withPausedJourney),
      pausedRatio: round(withPausedJourney / withoutJourney),
      perRound: rounds.map((r) => ({
        withoutJourneyPerSecond: Math.round(r.withoutJourney),
        withJourneyPerSecond: Math.round(r.withJourney),
        ratio: round(r.withJourney / r.withoutJourney),
        withPausedJourneyPerSecond: Math.round(r.withPausedJourney),
        pausedRatio: round(r.withPausedJourney / r.withoutJourney),
        messagesDrainedSecondsAfter: round(r.drainSeconds),
        // Seconds each phase waited, after the one before, for the worker to take every queued batch and the vacuum.
        settledSecondsBefore: r.settling,
        // From the first event of the live phase until its messages were all sent.
        yieldedSecondsLive: r.liveYielded,
        cpuSecondsPer1000: r.cpu,
        statements: STATEMENTS ? r.statements : undefined,
      })),
    },
    paced: {
      ratePerSecond: RATE,
      seconds: SECONDS,
      achievedPerSecond: Math.round(((RATE / 4) * ticks) / pacedSeconds),
      messages: latency.messages,
      ledgerQueuedP50Seconds: round(latency.queuedP50),
      ledgerQueuedP95Seconds: round(latency.queuedP95),
      sentToOutboxP50Seconds: round(latency.sentP50),
      sentToOutboxP95Seconds: round(latency.sentP95),
      targetP95Seconds: 2,
      settledSecondsBefore: pacedSettledSeconds,
      yieldedSeconds: pacedYielded,
      // Ingesting each event included, from the first event until the last message was sent.
      cpuSecondsPer1000: pacedCpuPer1000,
      statements: pacedStatements,
    },
  };
}

type CpuSeconds = { server: number; postgres: number };

/** CPU seconds of the server and PostgreSQL per 1,000 messages since `before`: a figure a loaded machine does not skew as it skews rates. */
function cpuPer1000(before: CpuSeconds, after: CpuSeconds, messages: number): CpuSeconds {
  const per = (seconds: number) => Math.round(((seconds * 1000) / messages) * 1000) / 1000;
  return { server: per(after.server - before.server), postgres: per(after.postgres - before.postgres) };
}

async function segmentTriggered(db: Database, teamId: string, cpuSeconds: () => CpuSeconds) {
  log(`seeding ${SEGMENT} contacts for the segment entry`);
  await seedContacts(db, { teamId, count: SEGMENT, domain: "segment.test" });
  const members = await seedSegment(db, { teamId, name: "Bench members", from: 0, to: SEGMENT });
  // The list the members join at once: the segment's rows are moved into it as an import into a list would add them.
  const { id: listId } = await db
    .insertInto("segments")
    .values({ id: newId(), teamId, name: "Joined at once", kind: "static" })
    .returning("id")
    .executeTakeFirstOrThrow();

  log(`broadcast to ${SEGMENT}`);
  const campaign = await createCampaign(db, {
    access: benchAccess(teamId),
    input: {
      name: "Bench broadcast",
      type: "EMAIL",
      subject: "Hello",
      content: "<p>Hi {{ contact.name }}</p>",
      segmentIds: [members],
      scheduledTime: "",
    },
  });
  // Each pipeline starts from the same state, as the event-triggered phases do (settled): the tables
  // vacuumed and analysed, so neither meets autovacuum working through what was written before it.
  await sql`vacuum (analyze)`.execute(db);
  await resetStatements(db);
  const broadcastCpu = cpuSeconds();
  const broadcastStarted = performance.now();
  await sendCampaignNow(db, { access: benchAccess(teamId), campaignId: campaign.id });
  for (;;) {
    const row = await db
      .selectFrom("campaigns")
      .select("state")
      .where("id", "=", campaign.id)
      .executeTakeFirstOrThrow();
    if (row.state === "SENT") break;
    await sleep(100);
  }
  const broadcastSeconds = (performance.now() - broadcastStarted) / 1000;
  const broadcastCpuPer1000 = cpuPer1000(broadcastCpu, cpuSeconds(), SEGMENT);
  const broadcastStatements = await costliestStatements(db, SEGMENT);

  log(`${SEGMENT} contacts entering a journey at once`);
  const journeyId = await goLive(db, teamId, {
    name: "Joined",
    entry: { type: "segment", segmentId: listId },
    steps: [{ ...emailStep, content: "<p>Hi {{ contact.name }}</p>" }],
  });
  await sql`vacuum (analyze)`.execute(db);
  await resetStatements(db);
  const journeyCpu = cpuSeconds();
  const journeyStarted = performance.now();
  const { rows: ids } = await sql<{ id: string }>`
    select contact_id as id from segment_members where segment_id = ${members} order by contact_id`.execute(db);
  for (let from = 0; from < ids.length; from += 10_000) {
    const contactIds = ids.slice(from, from + 10_000).map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await sql`insert into segment_members (segment_id, contact_id) select ${listId}::uuid, unnest(${contactIds}::uuid[])`.execute(
        trx,
      );
      await enterSegmentMembers(trx, { teamId, segmentId: listId, contactIds });
    });
  }
  const enteredSeconds = (performance.now() - journeyStarted) / 1000;
  await drained(db, journeyId, 3600);
  const journeySeconds = (performance.now() - journeyStarted) / 1000;
  const journeyCpuPer1000 = cpuPer1000(journeyCpu, cpuSeconds(), SEGMENT);
  const journeyStatements = await costliestStatements(db, SEGMENT);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    contacts: SEGMENT,
    broadcast: {
      seconds: round(broadcastSeconds),
      messagesPerSecond: Math.round(SEGMENT / broadcastSeconds),
      cpuSecondsPer1000: broadcastCpuPer1000,
      statements: broadcastStatements,
    },
    journey: {
      enteredSeconds: round(enteredSeconds),
      seconds: round(journeySeconds),
      messagesPerSecond: Math.round(SEGMENT / journeySeconds),
      // Entering included: the runs' insert and advance, then the same send path.
      cpuSecondsPer1000: journeyCpuPer1000,
      statements: journeyStatements,
    },
    ratio: round(broadcastSeconds / journeySeconds),
    target: 0.7,
  };
}

async function resetStatements(db: Database): Promise<void> {
  if (STATEMENTS) await sql`select pg_stat_statements_reset()`.execute(db);
}

/** With --statements: the statements that took PostgreSQL longest since the last reset, in ms per 1,000 messages. */
async function costliestStatements(db: Database, messages: number) {
  if (!STATEMENTS) return undefined;
  const { rows } = await sql<{ query: string; calls: number; ms: number; planMs: number }>`
    select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query, calls::int, total_exec_time as ms,
      total_plan_time as plan_ms
    from pg_stat_statements order by total_exec_time + total_plan_time desc limit 15`.execute(db);
  const per1000 = (n: number) => Math.round((n * 100_000) / messages) / 100;
  return rows.map((row) => ({
    msPer1000: per1000(row.ms),
    planMsPer1000: per1000(row.planMs),
    callsPer1000: per1000(row.calls),
    query: row.query,
  }));
}

const app = await startBenchApp({
  port: PORT,
  pss: false,
  settings: STATEMENTS
    ? {
        shared_preload_libraries: "pg_stat_statements",
        "pg_stat_statements.track": "all",
        "pg_stat_statements.track_planning": "on",
      }
    : {},
});
const db = createDatabase(app.databaseUrl, { max: 4 });
try {
  if (STATEMENTS) await sql`create extension if not exists pg_stat_statements`.execute(db);
  const token = await signUp(app.baseUrl);
  const keyResponse = await fetch(`${app.baseUrl}/api/write-keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "bench", kind: "server" }),
  });
  const writeKey = ((await keyResponse.json()) as { data: { key: string } }).data.key;
  const { teamId } = await db.selectFrom("teamMembers").select("teamId").executeTakeFirstOrThrow();
  const cpuBefore = app.cpuSeconds();
  const events = await eventTriggered(app.baseUrl, db, teamId, writeKey, () => app.cpuSeconds());
  const segment = await segmentTriggered(db, teamId, () => app.cpuSeconds());
  const cpuAfter = app.cpuSeconds();
  console.log(
    JSON.stringify(
      {
        eventTriggered: events,
        segmentTriggered: segment,
        cpuSeconds: {
          server: Math.round(cpuAfter.server - cpuBefore.server),
          postgres: Math.round(cpuAfter.postgres - cpuBefore.postgres),
        },
        peakRssMb: app.peakRssMb(),
      },
      null,
      2,
    ),
  );
} finally {
  await db.destroy();
  await app.stop();
}
