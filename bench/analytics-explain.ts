// bench/analytics-explain: where the read time of the Analytics page, a campaign page
// and GET /api/analytics goes, statement by statement, on the bench/analytics dataset.
// Runs the read functions in-process once each to catch their statements, then prints
// for each statement its text, the median time of the whole read (20 runs, one at a
// time) and PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) plan. No concurrency: this is the
// per-request cost, not the latency under load (bench/analytics measures that).
// Usage: npm run build && ANALYTICS_SCALE=0.01 node bench/analytics-explain.ts
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "#db/types.ts";
import { readAnalyticsPage } from "#server/analytics/analytics-page.ts";
import { readAnalyticsReport } from "#server/analytics/analytics-report.ts";
import { forgetKeptFigures } from "#server/analytics/analytics-versions.ts";
import { readCampaignAnalytics } from "#server/analytics/campaign-analytics.ts";
import { analyticsDatasetSize, generateAnalyticsDataset } from "./lib/analytics-dataset.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";

const SCALE = Number(process.env.ANALYTICS_SCALE ?? 0.01);
const RUNS = 20;

async function main() {
  const app = await startBenchApp({ port: 3418, pss: false });
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  const caught: { sql: string; parameters: readonly unknown[] }[] = [];
  let catching = false;
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: app.databaseUrl, max: 10 }) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (catching) caught.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    const token = await signUp(app.baseUrl);
    const me = (await (
      await fetch(`${app.baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { team: { id: string } } };
    const teamId = me.data.team.id;
    await generateAnalyticsDataset(client, teamId, analyticsDatasetSize(SCALE));
    const { rows } = await client.query<{ id: string }>(`select md5($1::text || 'k' || 100)::uuid as id`, [teamId]);
    const campaignId = rows[0]!.id;
    // Kept figures forgotten before each read: this measures the reads themselves.
    const reads: Record<string, () => Promise<unknown>> = {
      analyticsPage90d: () => {
        forgetKeptFigures();
        return readAnalyticsPage(db, { teamId, query: { range: "90d" }, sort: "sent", eventNames: [] });
      },
      campaignAnalytics: () => readCampaignAnalytics(db, { teamId, campaignId }),
      apiAnalytics90d: () => {
        forgetKeptFigures();
        return readAnalyticsReport(db, { teamId, query: { range: "90d" } });
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      for (let i = 0; i < 5; i++) await read();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      caught.length = 0;
      catching = true;
      await read();
      catching = false;
      console.log(`\n===== ${name}: median ${times[RUNS >> 1]!.toFixed(1)} ms, ${caught.length} statements`);
      for (const statement of caught) {
        const plan = await client.query<{ "QUERY PLAN": string }>(
          `explain (analyze, buffers) ${statement.sql}`,
          statement.parameters as unknown[],
        );
        console.log(`\n--- ${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
        console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
    }
  } finally {
    await db.destroy();
    await client.end();
    await app.stop();
  }
}

await main();
