// bench/segments: count and sample of five representative filters on the
// bench/events dataset (1,000,000 contacts, 20,000,000 events at --scale 1),
// through the same code as the preview (countFilter, sampleFilter in
// server/segments/filter/query.ts).
// Prints latency percentiles per filter as JSON; the target is count p95 <= 500 ms.
// Usage: node bench/segments.ts [--scale 0.05] [--runs 20] [--reuse] [--shared-buffers 1GB]
//   --reuse keeps the generated cluster under .data/bench-segments for the next run.
//   --shared-buffers is PostgreSQL's buffer cache; 1GB holds the contacts and the hot
//   index pages at scale 1 (docs/decisions/011); 128MB is initdb's default.
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import pg from "pg";
import { sql } from "kysely";
import { createDatabase, type Database } from "#db/database.ts";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { createAccount } from "#server/auth/accounts.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { countFilter, sampleFilter } from "#server/segments/filter/query.ts";
import { postmasterPid, treeCpuSeconds } from "./lib/app-server.ts";
import { contactIdSql, datasetSize, generateDataset, generateEngagement } from "./lib/segments-dataset.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SCALE = arg("--scale", 1);
const RUNS = arg("--runs", 20);
const REUSE = process.argv.includes("--reuse");
const SHARED_BUFFERS = process.argv.includes("--shared-buffers")
  ? process.argv[process.argv.indexOf("--shared-buffers") + 1]!
  : "1GB";
const DIR = ".data/bench-segments";
const log = (message: string) => console.error(`[bench/segments] ${message}`);

const all = (...conditions: unknown[]) => ({ type: "group", combinator: "and", conditions });
const any = (...conditions: unknown[]) => ({ type: "group", combinator: "or", conditions });

function filters(ids: {
  staticSegmentId: string;
  proSegmentId: string;
  firstCampaignId: string;
}): Record<string, unknown> {
  return {
    // The example.
    proExportersNotClicking: all(
      { type: "attribute", key: "plan", operator: "equals", value: "pro" },
      {
        type: "event",
        operator: "performed",
        event: "Report Exported",
        frequency: "at_least",
        times: 3,
        window: { type: "last_days", days: 30 },
      },
      { type: "engagement", operator: "not_clicked", window: { type: "last_days", days: 14 } },
    ),
    // Mailed lately but gone quiet: an anti-join over the busiest event.
    quietRecipients: all(
      { type: "event", operator: "not_performed", event: "Signed In", window: { type: "last_days", days: 14 } },
      { type: "engagement", operator: "received", window: { type: "last_days", days: 30 } },
      { type: "subscription", operator: "subscribed", channel: "email" },
    ),
    // OR across an event with a property condition and an attribute-and-engagement group.
    bigSpendersOrEuropeanOpeners: any(
      {
        type: "event",
        operator: "performed",
        event: "Checkout Completed",
        window: { type: "last_days", days: 7 },
        properties: [{ property: "amount", operator: "greater_than", value: 150 }],
      },
      all(
        { type: "attribute", key: "country", operator: "in_list", value: ["DE", "FR"] },
        { type: "engagement", operator: "opened", campaignId: ids.firstCampaignId },
      ),
    ),
    // Contact fields and attributes only.
    largeTeamsNamedJose: all(
      { type: "attribute", key: "seats", operator: "greater_than", value: 40 },
      { type: "field", field: "name", operator: "starts_with", value: "José" },
      { type: "field", field: "createdAt", operator: "within_last_days", value: 180 },
      { type: "field", field: "phone", operator: "exists" },
    ),
    // Segment membership (static and filter) with an exact count, three levels deep.
    handPickedInvitersNotPro: all(
      { type: "segment", operator: "in", segmentId: ids.staticSegmentId },
      any(
        { type: "event", operator: "performed", event: "Invite Sent", frequency: "exactly", times: 2 },
        all({
          type: "event",
          operator: "performed",
          event: "Team Member Added",
          window: { type: "between", from: daysAgo(60), to: daysAgo(30) },
        }),
      ),
      { type: "segment", operator: "not_in", segmentId: ids.proSegmentId },
    ),
  };
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function prepare(): Promise<{ url: string; stop: () => Promise<void>; teamId: string }> {
  const marker = `${DIR}/dataset.json`;
  const reusable = REUSE && existsSync(marker) && JSON.parse(await readFile(marker, "utf8")).scale === SCALE;
  if (!reusable) await rm(DIR, { recursive: true, force: true });
  const server = await startEmbeddedPostgres({
    dir: `${DIR}/postgres`,
    settings: {
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      max_wal_size: "8GB",
      shared_buffers: SHARED_BUFFERS,
    },
  });
  await ensureDatabase(server.url, "murmur_bench");
  const url = withDatabase(server.url, "murmur_bench");
  if (reusable) {
    // Migrations added since the data was generated (new indexes) apply to it now.
    const db = createDatabase(url, { max: 1 });
    await migrateToLatest(db);
    await sql`analyze`.execute(db);
    await db.destroy();
    const { teamId } = JSON.parse(await readFile(marker, "utf8"));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    if (await generateEngagement(client, teamId)) log("opens and clicks added");
    await client.end();
    return { url, stop: server.stop, teamId };
  }
  const db = createDatabase(url, { max: 1 });
  await migrateToLatest(db);
  const { teamId } = await createAccount(db, {
    name: "Bench",
    email: "bench@example.com",
    password: "bench password 1",
  });
  await db.destroy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await generateDataset(client, teamId, datasetSize(SCALE), log);
  await setUpSegments(client, teamId);
  await client.end();
  log(`dataset ready in ${Math.round((performance.now() - started) / 1000)} s`);
  await writeFile(marker, JSON.stringify({ scale: SCALE, teamId }));
  return { url, stop: server.stop, teamId };
}

async function setUpSegments(client: pg.Client, teamId: string) {
  const size = datasetSize(SCALE);
  await client.query(
    `insert into segments (id, team_id, name, kind) values (${contactIdSql("2000000000")}, $1, 'Hand-picked', 'static')`,
    [teamId],
  );
  // Every 20th contact: 5% of the team.
  await client.query(
    `insert into segment_members (segment_id, contact_id) select ${contactIdSql("2000000000")}, ${contactIdSql("k")} from generate_series(0, $1::int - 1, 20) k`,
    [size.contacts],
  );
  const pro = JSON.stringify(all({ type: "attribute", key: "plan", operator: "equals", value: "pro" }));
  await client.query(
    `insert into segments (id, team_id, name, kind, filter) values (${contactIdSql("2000000001")}, $1, 'Pro plan', 'filter', $2)`,
    [teamId, pro],
  );
  await client.query("analyze segment_members");
}

// CPU of the whole cluster (backend and parallel workers) per count: on a shared
// machine it moves far less with other people's load than the wall time does.
const clusterCpuMs = () => treeCpuSeconds(postmasterPid(`${DIR}/postgres`)) * 1000;

async function time(run: () => Promise<unknown>, cpu?: number[]): Promise<number> {
  const cpuBefore = cpu ? clusterCpuMs() : 0;
  const started = performance.now();
  await run();
  const elapsed = performance.now() - started;
  cpu?.push(clusterCpuMs() - cpuBefore);
  return elapsed;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

async function measure(db: Database, teamId: string, tree: unknown) {
  const filter = parseFilter(tree);
  const count = () => countFilter(db, { teamId, filter });
  const sample = () => sampleFilter(db, { teamId, filter });
  const members = await count(); // warm-up, and the answer
  await sample();
  const counts: number[] = [];
  const countCpu: number[] = [];
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    counts.push(await time(count, countCpu));
    samples.push(await time(sample));
  }
  return {
    members,
    count: { ...percentiles(counts), cpuP50Ms: percentiles(countCpu).p50Ms },
    sample: percentiles(samples),
  };
}

async function main() {
  const { url, stop, teamId } = await prepare();
  const db = createDatabase(url, { max: 2 });
  try {
    const ids = {
      staticSegmentId: await idOf(db, "2000000000"),
      proSegmentId: await idOf(db, "2000000001"),
      firstCampaignId: await idOf(db, "1000000001"),
    };
    const results: Record<string, unknown> = {};
    for (const [name, tree] of Object.entries(filters(ids))) {
      results[name] = await measure(db, teamId, tree);
      log(`${name}: ${JSON.stringify(results[name])}`);
    }
    const size = datasetSize(SCALE);
    const counts = await sql<{ events: number; deliveries: number; engagement: number }>`
      select (select count(*) from events)::int as events, (select count(*) from deliveries)::int as deliveries,
             (select case when to_regclass('engagement_events') is null then 0 else (select reltuples::int from pg_class where relname = 'engagement_events') end) as engagement`.execute(
      db,
    );
    console.log(
      JSON.stringify(
        {
          benchmark: "segments",
          scale: SCALE,
          sharedBuffers: SHARED_BUFFERS,
          contacts: size.contacts,
          ...counts.rows[0],
          runs: RUNS,
          results,
          targets: { countP95Ms: 500 },
        },
        null,
        2,
      ),
    );
  } finally {
    await db.destroy();
    await stop();
    if (!REUSE) await rm(DIR, { recursive: true, force: true });
  }
}

async function idOf(db: Database, k: string): Promise<string> {
  const row = await sql<{ id: string }>`select ${sql.raw(contactIdSql(k))} as id`.execute(db);
  return row.rows[0]!.id;
}

await main();
