import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createDatabase } from "../db/database.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { newId } from "../db/ids.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { ensureDatabase, withDatabase } from "../db/start.ts";
import { createBenchTeam, seedContacts, seedSegment } from "./lib/send-fixtures.ts";
import { classifiedAudience } from "../server/delivery/audience.ts";
import { resolveRecipients } from "../server/delivery/recipients.ts";

const fresh = !existsSync(".data/lab/postgres/PG_VERSION");
const server = await startEmbeddedPostgres({ dir: ".data/lab/postgres", settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_wal_size: "4GB" } });
await ensureDatabase(server.url, "murmur");
const db = createDatabase(withDatabase(server.url, "murmur"));
try {
  if (fresh) {
    await migrateToLatest(db);
    const teamId = await createBenchTeam(db);
    const N = 1_000_000;
    await seedContacts(db, { teamId, count: N });
    const a = await seedSegment(db, { teamId, name: "A", from: 0, to: 700_000 });
    const b = await seedSegment(db, { teamId, name: "B", from: 500_000, to: N });
    await sql`update contacts set email_status='unsubscribed' where team_id=${teamId} and name like '%7'`.execute(db);
    await sql`vacuum analyze`.execute(db);
    const id = newId();
    await db.insertInto("campaigns").values({ id, teamId, name: "x", type: "EMAIL", state: "ACTIVE" }).execute();
    await db.insertInto("campaignSegments").values([{ campaignId: id, segmentId: a, position: 0 }, { campaignId: id, segmentId: b, position: 1 }]).execute();
  }
  const c = await db.selectFrom("campaigns").select(["id", "teamId"]).executeTakeFirstOrThrow();
  const campaign = { id: c.id, teamId: c.teamId, type: "EMAIL" as const };
  const mode = process.argv[2];
  if (mode === "explain") {
    const audience = await classifiedAudience(db, campaign);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers) select count(*) filter (where reason is null) from (${audience}) x`.execute(db);
    console.log(rows.map((r) => Object.values(r)[0]).join("\n"));
  } else if (mode === "resolve") {
    const t = performance.now();
    await db.transaction().execute(async (trx) => {
      const r = await resolveRecipients(trx, campaign); console.log(r.recipients, r.excluded, r.chunks.length, r.chunks[0], r.chunks.at(-1), Math.round(performance.now() - t));
      throw new Error("rollback");
    }).catch(() => {});
  } else if (mode === "explain-resolve") {
    const audience = await classifiedAudience(db, campaign);
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql`explain (analyze, buffers)
    with audience as materialized (${audience}),
    excluded as (
      insert into excluded_recipients (campaign_id, team_id, contact_id, reason, address)
      select ${campaign.id}, ${campaign.teamId}, contact_id, reason, address from audience where reason is not null
      returning 1
    ),
    queued as (
      insert into deliveries (team_id, campaign_id, contact_id, channel, address, chunk)
      select ${campaign.teamId}, ${campaign.id}, contact_id, ${campaign.type}, address,
        ((row_number() over (order by contact_id)) - 1) / 500
      from audience where reason is null
      order by contact_id
      returning 1
    )
    select (select count(*) from queued)::int as recipients, (select count(*) from excluded)::int as excluded`.execute(trx);
      console.log(rows.map((r) => Object.values(r as object)[0]).join("\n"));
      throw new Error("rollback");
    }).catch((e) => console.log(String(e)));
  } else if (mode === "sql") {
    const { rows } = await sql.raw(process.argv[3]!).execute(db);
    console.log(rows.map((r) => Object.values(r as object)[0]).join("\n"));
  }
} finally {
  await db.destroy();
  await server.stop();
}
