// bench/event-rollup-step: what rolling up product events costs PostgreSQL, apart
// from the HTTP path. bench/events' stream (50 names, 90 days, a power law of people)
// is stored through the real ingestion statement (insertEvents) with no worker
// running, so the rollup queue fills; then the queue is drained by rollQueuedEvents,
// as the worker does, and the PostgreSQL CPU of each part is reported per event.
// Rounds after the first roll onto rollup tables already holding the earlier ones.
// With --explain, the first step of the last round is shown with EXPLAIN (ANALYZE,
// BUFFERS, WAL) on stderr, and left out of the round's figures.
// Prints JSON. Usage: node bench/event-rollup-step.ts [--scale 0.01] [--rounds 2] [--explain]
import { rm } from "node:fs/promises";
import { sql } from "kysely";
import { createDatabase } from "#db/database.ts";
import { memorySettings, startEmbeddedPostgres } from "#db/embedded.ts";
import { newId } from "#db/ids.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { postmasterPid, treeCpuSeconds } from "./lib/app-server.ts";
import { productEvents, SDK_CONTEXT } from "./lib/product-events.ts";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const SCALE = arg("scale", 0.01);
const EVENTS = Math.round(20_000_000 * SCALE);
const CONTACTS = Math.round(1_000_000 * SCALE);
const ROUNDS = arg("rounds", 2);
const BATCH = 500;
const EXPLAIN = process.argv.includes("--explain");
const NOW = Date.now();
const dir = ".data/bench-rollup/postgres";

async function main() {
  await rm(dir, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({
    dir,
    onLog: EXPLAIN ? (message) => process.stderr.write(message) : undefined,
    settings: { ...memorySettings(), fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  await ensureDatabase(postgres.url, "murmur_bench");
  const db = createDatabase(withDatabase(postgres.url, "murmur_bench"), { max: 1 });
  const cpu = () => treeCpuSeconds(postmasterPid(dir));
  try {
    await migrateToLatest(db);
    const teamId = newId();
    await sql`insert into teams (id, name) values (${teamId}, 'Bench')`.execute(db);
    await sql`
      insert into contacts (id, team_id, external_id)
      select gen_random_uuid(), ${teamId}, 'user-' || n from generate_series(0, ${CONTACTS - 1}) n
    `.execute(db);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      let before = cpu();
      let started = performance.now();
      for (let from = 0; from < EVENTS; from += BATCH) {
        const messages: TrackedMessage[] = [
          ...productEvents({ contacts: CONTACTS, from, to: Math.min(EVENTS, from + BATCH), now: NOW, seed: round + 1 }),
        ].map((e) => ({
          id: newId(),
          type: "track",
          name: e.event,
          userId: e.userId,
          anonymousId: null,
          properties: e.properties,
          context: SDK_CONTEXT,
          messageId: e.messageId,
          occurredAt: new Date(e.timestamp),
        }));
        await insertEvents(db, { teamId, messages, receivedAt: new Date() });
      }
      const ingest = { seconds: (performance.now() - started) / 1000, postgres: cpu() - before };
      await sql`vacuum analyze`.execute(db);
      if (EXPLAIN && round === ROUNDS - 1) await explainStep(db);
      before = cpu();
      started = performance.now();
      let steps = 0;
      let rolled = 0;
      for (let events = await rollQueuedEvents(db); events > 0; events = await rollQueuedEvents(db)) {
        steps += 1;
        rolled += events;
      }
      const roll = { seconds: (performance.now() - started) / 1000, postgres: cpu() - before, steps };
      const rows = await sql<{ table: string; rows: number; bytes: number }>`
        select relname as table, n_live_tup::int as rows, pg_total_relation_size(relid)::int as bytes
        from pg_stat_user_tables
        where relname in ('event_people_days', 'team_event_daily_people', 'team_event_property_daily', 'team_event_hourly', 'team_event_daily')
        order by relname
      `.execute(db);
      rounds.push({
        ingestPostgresMicrosecondsPerEvent: Math.round((ingest.postgres * 1e6) / EVENTS),
        rollPostgresMicrosecondsPerEvent: Math.round((roll.postgres * 1e6) / rolled),
        rollSeconds: Math.round(roll.seconds * 100) / 100,
        steps: roll.steps,
        tables: rows.rows,
      });
    }
    console.log(
      JSON.stringify({ benchmark: "event-rollup-step", events: EVENTS, contacts: CONTACTS, rounds }, null, 2),
    );
  } finally {
    await db.destroy();
    await postgres.stop();
    await rm(".data/bench-rollup", { recursive: true, force: true });
  }
}

/**
 * Runs one step with auto_explain on (ANALYZE, BUFFERS, WAL, timing), which
 * prints the plan of the statement as it really ran to PostgreSQL's log, our stderr.
 */
async function explainStep(db: ReturnType<typeof createDatabase>) {
  await sql`load 'auto_explain'`.execute(db);
  await sql`select set_config('auto_explain.log_min_duration', '0', false),
    set_config('auto_explain.log_analyze', 'on', false), set_config('auto_explain.log_buffers', 'on', false),
    set_config('auto_explain.log_wal', 'on', false), set_config('auto_explain.log_timing', 'on', false),
    set_config('auto_explain.log_nested_statements', 'off', false)`.execute(db);
  await rollQueuedEvents(db);
  await sql`select set_config('auto_explain.log_min_duration', '-1', false)`.execute(db);
}

await main();
