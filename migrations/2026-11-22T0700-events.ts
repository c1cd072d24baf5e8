import { type Kysely, sql } from "kysely";

// Product events from the Segment-compatible tracking API, the write keys that
// authenticate it, and what ties events to contacts: a contact's external id
// (Segment's userId) and the anonymous ids an identify linked to it.
export async function up(db: Kysely<any>): Promise<void> {
  // An identify may name a person by userId alone, so a contact no longer needs an email.
  await sql`alter table contacts alter column email drop not null`.execute(db);
  await sql`alter table contacts add column external_id text`.execute(db);
  // Nulls are distinct: any number of contacts without an external id.
  await sql`create unique index contacts_team_external_id_key on contacts (team_id, external_id)`.execute(db);
  // Search keeps finding contacts by name or phone when they have no email.
  await sql`drop index contacts_search_idx`.execute(db);
  await sql`create index contacts_search_idx on contacts
    using gin ((lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) gin_trgm_ops)
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);

  // Anonymous ids an identify tied to a contact: later anonymous events attach at once.
  await db.schema
    .createTable("contact_aliases")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("anonymous_id", "text", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("contact_aliases_pkey", ["team_id", "anonymous_id"])
    .execute();
  await db.schema.createIndex("contact_aliases_contact_idx").on("contact_aliases").column("contact_id").execute();

  await db.schema
    .createTable("write_keys")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // Only the SHA-256 of the key is kept; the key itself is shown once, when created.
    .addColumn("key_hash", "bytea", (c) => c.notNull().unique())
    // The key's first characters, so a list can tell keys apart without revealing them.
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index write_keys_team_created_idx on write_keys (team_id, created_at desc, id desc)`.execute(db);

  // Append-only. No foreign keys on purpose: a foreign key check locks the
  // referenced team and contact rows (FOR KEY SHARE) for every event inserted,
  // which turns ingestion into writes on hot rows. Queries always scope by team_id.
  await db.schema
    .createTable("events")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull())
    // Null while the event belongs to no known contact (anonymous, or a userId not yet identified).
    .addColumn("contact_id", "uuid")
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('track', 'identify', 'page')`))
    // The event name for track, the page name for page, null for identify.
    .addColumn("name", "text")
    .addColumn("user_id", "text")
    .addColumn("anonymous_id", "text")
    // Properties for track and page; traits for identify.
    .addColumn("properties", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("context", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("message_id", "text", (c) => c.notNull())
    // When it happened, corrected for the sender's clock skew (sentAt against received_at).
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("events_has_identity", sql`user_id is not null or anonymous_id is not null`)
    .execute();
  // A message sent twice (an SDK retry) is stored once.
  await sql`create unique index events_team_message_key on events (team_id, message_id)`.execute(db);
  // The Events page: newest first, time ranges, keyset pages.
  await sql`create index events_team_occurred_idx on events (team_id, occurred_at desc, id desc)`.execute(db);
  // "Who did event N, how often, in this window" across a team, read from the index alone.
  await sql`create index events_team_name_occurred_idx on events (team_id, name, occurred_at) include (contact_id)`.execute(
    db,
  );
  // One contact's events of a name in a window, and the contact timeline.
  await sql`create index events_contact_name_occurred_idx on events (contact_id, name, occurred_at)
    where contact_id is not null`.execute(db);
  // Search by user id (exact or prefix), and finding a userId's events when it is identified.
  await sql`create index events_team_user_idx on events (team_id, user_id text_pattern_ops, occurred_at)
    where user_id is not null`.execute(db);
  // Anonymous events still waiting for an identify to claim them.
  await sql`create index events_unclaimed_anonymous_idx on events (team_id, anonymous_id)
    where contact_id is null and anonymous_id is not null`.execute(db);

  // Each team's event names, so pickers, search and the distinct-names card never scan events.
  await db.schema
    .createTable("event_names")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("event_names_pkey", ["team_id", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["event_names", "events", "write_keys", "contact_aliases"]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index contacts_search_idx`.execute(db);
  await sql`create index contacts_search_idx on contacts
    using gin ((lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, ''))) gin_trgm_ops)
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
  await sql`drop index contacts_team_external_id_key`.execute(db);
  await sql`alter table contacts drop column external_id`.execute(db);
  await sql`alter table contacts alter column email set not null`.execute(db);
}
