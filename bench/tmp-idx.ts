import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createDatabase } from "../db/database.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { withDatabase } from "../db/start.ts";
const server = await startEmbeddedPostgres({ dir: ".data/lab/postgres", settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_wal_size: "4GB" } });
const db = createDatabase(withDatabase(server.url, "murmur"));
const run = async (label: string, q: string) => { const t = performance.now(); await sql.raw(q).execute(db); console.log(label, Math.round(performance.now() - t)); };
try {
  await run("src", `drop table if exists src; create table src as select id as contact_id, email as address from contacts order by id; analyze src`);
  const variants: Record<string, string[]> = {
    heap: [],
    pk: ["alter table t add primary key (id)"],
    pk_unique: ["alter table t add primary key (id)", "create unique index on t (campaign_id, contact_id)"],
    pk_unique_chunk: ["alter table t add primary key (id)", "create unique index on t (campaign_id, contact_id)", "create index on t (campaign_id, chunk, next_attempt_at) where status = 'queued'"],
  };
  for (const [name, idx] of Object.entries(variants)) {
    await sql.raw(`drop table if exists t; create table t (like deliveries including defaults including constraints)`).execute(db);
    for (const i of idx) await sql.raw(i).execute(db);
    await run(name, `set work_mem='256MB'; insert into t (team_id, campaign_id, contact_id, channel, address, chunk) select '01a20247-b7a7-74c2-bd1a-d17c1f744fad', '01a20247-b7a7-74c2-bd1a-d17c1f744fad', contact_id, 'EMAIL', address, ((row_number() over (order by contact_id)) - 1) / 500 from src order by contact_id`);
  }
  await sql.raw(`drop table if exists t; create table t (like deliveries including defaults including constraints); alter table t add primary key (id); create unique index on t (campaign_id, contact_id)`).execute(db);
  await run("pk_unique_nowindow", `set work_mem='256MB'; insert into t (team_id, campaign_id, contact_id, channel, address, chunk) select '01a20247-b7a7-74c2-bd1a-d17c1f744fad', '01a20247-b7a7-74c2-bd1a-d17c1f744fad', contact_id, 'EMAIL', address, 0 from src order by contact_id`);
  await run("select_only", `set work_mem='256MB'; select count(*) from (select  contact_id, ((row_number() over (order by contact_id)) - 1) / 500 from src order by contact_id) x`);
  await run("uuid_fn", `select count(murmur_uuid_v7()) from src`);
} finally { await db.destroy(); await server.stop(); }
