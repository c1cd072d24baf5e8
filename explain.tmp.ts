import { sql } from "kysely";
import { createDatabase } from "./db/database.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { withDatabase } from "./db/start.ts";
import { parseFilter } from "./server/segments/filter/parse.ts";
import { filterContacts } from "./server/segments/filter/query.ts";
import { readFile } from "node:fs/promises";

const server = await startEmbeddedPostgres({ dir: ".data/bench-segments/postgres", settings: { fsync: "off" } });
const db = createDatabase(withDatabase(server.url, "murmur_bench"), { max: 1 });
const { teamId } = JSON.parse(await readFile(".data/bench-segments/dataset.json", "utf8"));
const trees = JSON.parse(await readFile(process.argv[2]!, "utf8"));
const settings = (process.env.SETTINGS ?? "").split(";").filter(Boolean);
try {
  for (const s of settings) await sql.raw(s).execute(db);
  for (const [name, tree] of Object.entries(trees)) {
    const q = (await filterContacts(db, { teamId, filter: parseFilter(tree) })).select(sql<number>`count(*)`.as("n"));
    const c = q.compile();
    const plan = await sql.raw(`explain (analyze, buffers) ${c.sql.replace(/\$(\d+)/g, (_, i) => lit(c.parameters[Number(i) - 1]))}`).execute(db);
    console.log("=== " + name);
    console.log((plan.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n"));
  }
  for (const s of process.argv.slice(3)) { const r = await sql.raw(s).execute(db); console.log(JSON.stringify(r.rows)); }
} finally {
  await db.destroy();
  await new Promise((r) => setTimeout(r, 200));
  await server.stop();
}
function lit(v: unknown): string {
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return `'{${v.map((x) => `"${x}"`).join(",")}}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
