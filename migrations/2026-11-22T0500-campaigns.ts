import { type Kysely, sql } from "kysely";

// Broadcast campaigns and the segments they go to, in the order they were chosen
// (the first one names the campaign's audience in lists).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("campaigns")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .defaultTo("EMAIL")
        .check(sql`type in ('EMAIL', 'WHATSAPP', 'SMS')`),
    )
    .addColumn("subject", "text")
    .addColumn("content", "text")
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("DRAFT")
        .check(sql`state in ('DRAFT', 'SCHEDULED', 'ACTIVE', 'SENT')`),
    )
    .addColumn("scheduled_at", "timestamptz")
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // A scheduled campaign always knows when.
    .addCheckConstraint("campaigns_scheduled_has_time", sql`state <> 'SCHEDULED' or scheduled_at is not null`)
    .execute();
  await sql`create index campaigns_team_created_idx on campaigns (team_id, created_at desc, id desc)`.execute(db);
  // The scheduler looks for due campaigns across teams.
  await sql`create index campaigns_due_idx on campaigns (scheduled_at) where state = 'SCHEDULED'`.execute(db);

  await db.schema
    .createTable("campaign_segments")
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("segment_id", "uuid", (c) => c.notNull().references("segments.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_segments_pkey", ["campaign_id", "segment_id"])
    .execute();
  await db.schema.createIndex("campaign_segments_segment_idx").on("campaign_segments").column("segment_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("campaign_segments").execute();
  await db.schema.dropTable("campaigns").execute();
}
