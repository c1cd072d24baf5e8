import { type Kysely, sql } from "kysely";

// The delivery ledger of campaigns: one row per (campaign, contact) that is sent,
// the contacts left out with their reason, per-team suppressions, per-status
// counts kept by triggers, the outbox (the default channel) and the shared send
// rate reservations.
export async function up(db: Kysely<any>): Promise<void> {
  const newUuid = await createIdFunction(db);

  await db.schema
    .alterTable("campaigns")
    // When the campaign became ACTIVE, when the worker was asked to resolve its
    // recipients, and when they were resolved into the ledger.
    .addColumn("started_at", "timestamptz")
    .addColumn("start_requested_at", "timestamptz")
    .addColumn("resolved_at", "timestamptz")
    .execute();
  // The worker looks for ACTIVE campaigns it has not started yet, across teams.
  await sql`create index campaigns_active_idx on campaigns (started_at) where state = 'ACTIVE'`.execute(db);

  await db.schema
    .createTable("deliveries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(newUuid))
    // No foreign keys: checking one per row would double the time to queue a million
    // recipients. A trigger on campaigns removes a deleted campaign's ledger, and the
    // ledger keeps its history when a contact is deleted later (the address is here).
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("campaign_id", "uuid", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('EMAIL', 'SMS', 'WHATSAPP')`))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`status in ('queued', 'sending', 'sent', 'failed', 'unknown')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // The worker that handed it to the provider, and until when that claim holds.
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "timestamptz")
    .addColumn("next_attempt_at", "timestamptz")
    .addColumn("provider_message_id", "text")
    .addColumn("error", "text")
    .addColumn("queued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addColumn("failed_at", "timestamptz")
    // What the provider reported later: delivered, read, or a failure after sending (a bounce).
    .addColumn("delivered_at", "timestamptz")
    .addColumn("read_at", "timestamptz")
    .addColumn("bounced_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One delivery per contact and campaign. Also how chunk jobs find their deliveries
  // (a range of contact ids) and the keyset order of the recipients list.
  await sql`create unique index deliveries_campaign_contact_key on deliveries (campaign_id, contact_id)`.execute(db);
  // In flight: leases to renew, and to declare unknown once they lapse.
  await sql`create index deliveries_sending_idx on deliveries (lease_expires_at) where status = 'sending'`.execute(db);
  // Provider webhooks find the delivery by the provider's message id.
  await sql`create index deliveries_provider_message_idx on deliveries (channel, provider_message_id) where provider_message_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable("excluded_recipients")
    .addColumn("campaign_id", "uuid", (c) => c.notNull())
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('no_address', 'unsubscribed', 'suppressed')`))
    .addColumn("address", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("excluded_recipients_pkey", ["campaign_id", "contact_id"])
    .execute();
  // Counted and listed by reason, page by page.
  await sql`create index excluded_recipients_reason_idx on excluded_recipients (campaign_id, reason, contact_id)`.execute(
    db,
  );

  await sql`
    create function campaigns_delete_ledger() returns trigger language plpgsql as $$
    begin
      delete from deliveries d using deleted c where d.campaign_id = c.id;
      delete from excluded_recipients e using deleted c where e.campaign_id = c.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger campaigns_delete_ledger after delete on campaigns
    referencing old table as deleted for each statement execute function campaigns_delete_ledger()`.execute(db);

  await db.schema
    .createTable("suppressions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`murmur_uuid_v7()`))
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('EMAIL', 'SMS', 'WHATSAPP')`))
    // Email addresses are kept lower-case, phone numbers in E.164.
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('bounced', 'complained')`))
    .addColumn("detail", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index suppressions_address_key on suppressions (team_id, channel, address)`.execute(db);

  await createDeliveryCounts(db);

  // Messages sent through the built-in outbox, the channel of a team with no provider.
  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("campaign_id", "uuid", (c) => c.references("campaigns.id").onDelete("set null"))
    .addColumn("delivery_id", "uuid")
    .addColumn("contact_id", "uuid")
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('EMAIL', 'SMS', 'WHATSAPP')`))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    // The subject of an email, the start of an SMS, the template of a WhatsApp message.
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("content", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index outbox_messages_team_created_idx on outbox_messages (team_id, created_at desc, id desc)`.execute(
    db,
  );

  // Send rate per team and channel, shared by every worker: each batch reserves the
  // next free moment, so N workers together keep to the configured messages per second.
  await db.schema
    .createTable("send_rate_slots")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("next_free_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("send_rate_slots_pkey", ["team_id", "channel"])
    .execute();
}

/**
 * Time-ordered UUIDs generated in SQL, for ledgers filled by INSERT ... SELECT (a
 * million rows land in index order). PostgreSQL 18 has uuidv7(); older servers get
 * the same layout: 48 bits of Unix milliseconds over a random UUID, version 7.
 */
async function createIdFunction(db: Kysely<any>) {
  const { rows } = await sql<{ version: number }>`select current_setting('server_version_num')::int as version`.execute(
    db,
  );
  if ((rows[0]?.version ?? 0) >= 180000) {
    await sql`create function murmur_uuid_v7() returns uuid language sql volatile as 'select uuidv7()'`.execute(db);
    // The built-in directly as the ledger's default: a function call less per row.
    return sql`uuidv7()`;
  }
  await sql`
    create function murmur_uuid_v7() returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$`.execute(db);
  return sql`murmur_uuid_v7()`;
}

/**
 * Deliveries per campaign and status, kept by statement-level triggers, so progress,
 * analytics and "is every delivery final?" read a handful of rows instead of
 * counting a million on every refresh.
 */
async function createDeliveryCounts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("campaign_delivery_counts")
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("campaign_delivery_counts_pkey", ["campaign_id", "status"])
    .execute();
  // Rows are locked in (campaign, status) order, so concurrent chunk jobs never
  // deadlock. PL/pgSQL cannot name a transition table its trigger does not declare,
  // so inserts, updates and deletes get a function each.
  await sql`
    create function deliveries_count_inserted() returns trigger language plpgsql as $$
    begin
      insert into campaign_delivery_counts (campaign_id, status, total)
        select campaign_id, status, count(*) from new_rows group by 1, 2 order by 1, 2
      on conflict (campaign_id, status) do update set total = campaign_delivery_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function deliveries_count_updated() returns trigger language plpgsql as $$
    begin
      insert into campaign_delivery_counts (campaign_id, status, total)
        select campaign_id, status, sum(n) from (
          select campaign_id, status, count(*) as n from new_rows group by 1, 2
          union all
          select campaign_id, status, -count(*) from old_rows group by 1, 2
        ) changes group by 1, 2 having sum(n) <> 0 order by 1, 2
      on conflict (campaign_id, status) do update set total = campaign_delivery_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function deliveries_count_deleted() returns trigger language plpgsql as $$
    begin
      update campaign_delivery_counts c set total = c.total - d.n
        from (select campaign_id, status, count(*) as n from old_rows group by 1, 2) d
        where c.campaign_id = d.campaign_id and c.status = d.status;
      return null;
    end $$`.execute(db);
  await sql`create trigger deliveries_count_insert after insert on deliveries
    referencing new table as new_rows for each statement execute function deliveries_count_inserted()`.execute(db);
  await sql`create trigger deliveries_count_update after update on deliveries
    referencing old table as old_rows new table as new_rows for each statement execute function deliveries_count_updated()`.execute(
    db,
  );
  await sql`create trigger deliveries_count_delete after delete on deliveries
    referencing old table as old_rows for each statement execute function deliveries_count_deleted()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "send_rate_slots",
    "outbox_messages",
    "campaign_delivery_counts",
    "suppressions",
    "excluded_recipients",
    "deliveries",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop trigger campaigns_delete_ledger on campaigns`.execute(db);
  await sql`drop function campaigns_delete_ledger, deliveries_count_inserted, deliveries_count_updated, deliveries_count_deleted, murmur_uuid_v7`.execute(
    db,
  );
  await sql`drop index campaigns_active_idx`.execute(db);
  await db.schema
    .alterTable("campaigns")
    .dropColumn("started_at")
    .dropColumn("start_requested_at")
    .dropColumn("resolved_at")
    .execute();
}
