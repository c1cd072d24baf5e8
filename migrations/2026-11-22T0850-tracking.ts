import { type Kysely, sql } from "kysely";

// Opens, clicks and unsubscribes of delivered messages: every hit as an event, each
// delivery's first human open and click, and per-campaign unique counts kept beside
// them, so analytics read one row per campaign instead of counting events.
export async function up(db: Kysely<any>): Promise<void> {
  // The key that signs tracking links when TRACKING_SECRET is not set: generated once,
  // shared by every container through the database.
  await db.schema
    .createTable("tracking_keys")
    .addColumn("id", "smallint", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("secret", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("engagement_events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    // Every open and click is of one delivery; an unsubscribe may come without one
    // (an SMS STOP reply to no campaign Murmur can find), then it names the contact.
    .addColumn("delivery_id", "uuid", (c) => c.references("deliveries.id").onDelete("cascade"))
    .addColumn("campaign_id", "uuid")
    .addColumn("contact_id", "uuid")
    // bot_open and bot_click: machines (scanners, privacy proxies, prefetchers), kept apart from people.
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('open', 'bot_open', 'click', 'bot_click', 'unsubscribe')`),
    )
    // Why a hit was put down to a machine, or how an unsubscribe came (link, one_click, sms_stop).
    .addColumn("detail", "text")
    .addColumn("link_index", "integer")
    .addColumn("url", "text")
    .addColumn("user_agent", "text")
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index engagement_events_delivery_idx on engagement_events (delivery_id, occurred_at)`.execute(db);
  await sql`alter table engagement_events add constraint engagement_events_hit_has_delivery
    check (kind = 'unsubscribe' or delivery_id is not null)`.execute(db);
  await sql`create index engagement_events_campaign_idx on engagement_events (campaign_id, occurred_at)`.execute(db);

  await db.schema
    .createTable("delivery_engagement")
    .addColumn("delivery_id", "uuid", (c) => c.primaryKey().references("deliveries.id").onDelete("cascade"))
    .addColumn("campaign_id", "uuid", (c) => c.notNull())
    // First human open (a click counts as one) and first human click.
    .addColumn("opened_at", "timestamptz")
    .addColumn("clicked_at", "timestamptz")
    .addColumn("bot_opened_at", "timestamptz")
    .addColumn("unsubscribed_at", "timestamptz")
    .addColumn("opens", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("campaign_engagement")
    .addColumn("campaign_id", "uuid", (c) => c.primaryKey().references("campaigns.id").onDelete("cascade"))
    // Unique deliveries: opened or clicked by a person, unsubscribed, and opened by machines only.
    .addColumn("opened", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unsubscribed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bot_opened", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Bounces and provider-confirmed deliveries are counted per campaign through these;
  // both stay small beside the ledger (bounces are rare; only SMS and WhatsApp confirm).
  await sql`create index deliveries_bounced_idx on deliveries (campaign_id) where bounced_at is not null`.execute(db);
  await sql`create index deliveries_delivered_idx on deliveries (campaign_id) where delivered_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_delivered_idx`.execute(db);
  await sql`drop index deliveries_bounced_idx`.execute(db);
  for (const table of ["campaign_engagement", "delivery_engagement", "engagement_events", "tracking_keys"]) {
    await db.schema.dropTable(table).execute();
  }
}
