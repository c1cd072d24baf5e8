import { type Kysely, sql } from "kysely";

// What the bell shows: one row per person and event, in the team where it happened.
// A retried job repeats its event's dedupe key, which the unique index turns into nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    // A path inside the app ("/dashboard/imports/…"), never a full URL.
    .addColumn("link_path", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .execute();
  await sql`create unique index notifications_dedupe_key on notifications (team_id, user_id, dedupe_key)`.execute(db);
  // The badge: a count over a person's unread rows in one team, read on every page load.
  await sql`create index notifications_unread_idx on notifications (user_id, team_id) where read_at is null`.execute(
    db,
  );
  // The panel and the page: newest first, paged by (created_at, id).
  await sql`create index notifications_newest_idx on notifications (user_id, team_id, created_at desc, id desc)`.execute(
    db,
  );

  // The kinds a person turned off; no row means every kind arrives.
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("muted_kinds", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // "A provider rejected messages in bulk" counts a campaign's recent failures.
  await sql`create index deliveries_recent_failures_idx on deliveries (campaign_id, failed_at) where status = 'failed'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_recent_failures_idx`.execute(db);
  await db.schema.dropTable("notification_preferences").execute();
  await db.schema.dropTable("notifications").execute();
}
