import { type Kysely, sql } from "kysely";

// One counter table for every rate limit (sign-in, sign-up, AI prompts, the
// tracking API): a row per limited thing and fixed time window, bumped by an
// upsert, so a check is one indexed statement and the limit holds across every
// app container. It replaces auth_failures, which kept a row per attempt.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counters")
    // The rule and the thing it limits, e.g. 'login-ip:203.0.113.7'.
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    // When the row no longer matters; expired rows are swept in small batches.
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_counters_pkey", ["bucket", "window_start"])
    .execute();
  await db.schema
    .createIndex("rate_limit_counters_expires_at_idx")
    .on("rate_limit_counters")
    .column("expires_at")
    .execute();
  await db.schema.dropTable("auth_failures").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_failures")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('login', 'signup')`))
    .addColumn("email", "text")
    .addColumn("ip", "text")
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index auth_failures_email_idx on auth_failures (kind, lower(email), occurred_at)`.execute(db);
  await sql`create index auth_failures_ip_idx on auth_failures (kind, ip, occurred_at)`.execute(db);
  await db.schema.dropTable("rate_limit_counters").execute();
}
