import { type Kysely, sql } from "kysely";

// Frequency caps and quiet hours per team, a campaign's choice to ignore them, and the
// index the cap counts a contact's recent messages on a channel through. The ledger's
// 'skipped' status (a message held back for good) came with the journey engine's
// migration just before this one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("frequency_settings")
    .addColumn("team_id", "uuid", (c) => c.primaryKey().references("teams.id").onDelete("cascade"))
    // [{ channel, limit, window, unit }]: at most `limit` messages per contact on the channel per window.
    .addColumn("rules", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{ channel, from, to }]: no message on the channel between the two times of the contact's day.
    .addColumn("quiet_hours", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The contact attribute holding their IANA zone; the team's zone when absent or not a zone.
    .addColumn("time_zone_attribute", "text")
    // What a broadcast does with a message held back: wait for the next allowed time, or skip it.
    .addColumn("over_cap", "text", (c) =>
      c
        .notNull()
        .defaultTo("wait")
        .check(sql`over_cap in ('wait', 'skip')`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Transactional notices (a password policy change, an outage) go out whatever the caps say.
  await db.schema
    .alterTable("campaigns")
    .addColumn("ignore_frequency_caps", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  // A contact's messages on a channel that count against a cap, by when they went out: in
  // flight ('sending', since updated_at), sent, or 'unknown' (may have gone out). One range
  // read per contact answers "how many in the last N hours, and when does the oldest leave".
  await sql`create index deliveries_contact_channel_sent_idx
    on deliveries (contact_id, channel, (coalesce(sent_at, updated_at)))
    where status in ('sending', 'sent', 'unknown')`.execute(db);
  // The recipients list of messages held back by a cap, in its contact order.
  await sql`create index deliveries_skipped_contact_idx on deliveries (campaign_id, contact_id)
    where status = 'skipped'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_skipped_contact_idx`.execute(db);
  await sql`drop index deliveries_contact_channel_sent_idx`.execute(db);
  await db.schema.alterTable("campaigns").dropColumn("ignore_frequency_caps").execute();
  await db.schema.dropTable("frequency_settings").execute();
}
