import { type Kysely, sql } from "kysely";

// Contacts with custom attributes and per-channel subscription, static segments
// with membership rows, and the ledger of CSV imports.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable("contacts")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("phone", "text")
    .addColumn("attributes", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("email_status", "text", (c) => c.notNull().defaultTo("subscribed"))
    .addColumn("sms_status", "text", (c) => c.notNull().defaultTo("subscribed"))
    .addColumn("whatsapp_status", "text", (c) => c.notNull().defaultTo("subscribed"))
    // The import that last wrote this contact: a second row of the same email in
    // that import is a duplicate in the file, merged rather than counted as an update.
    .addColumn("last_import_id", "uuid")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const channel of ["email", "sms", "whatsapp"]) {
    await sql`alter table contacts add constraint ${sql.raw(`contacts_${channel}_status_check`)}
      check (${sql.ref(`${channel}_status`)} in ('subscribed', 'unsubscribed', 'bounced', 'complained'))`.execute(db);
  }
  // One contact per address and team, whatever the case of the address.
  await sql`create unique index contacts_team_email_key on contacts (team_id, lower(email))`.execute(db);
  // The contacts list pages newest first by keyset (created_at, id).
  await sql`create index contacts_team_created_idx on contacts (team_id, created_at desc, id desc)`.execute(db);
  // Case-insensitive substring search over name, email and phone. A large pending
  // list lets bulk imports append index entries and merge them in bulk later,
  // instead of updating the trigram posting lists row by row.
  await sql`create index contacts_search_idx on contacts
    using gin ((lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, ''))) gin_trgm_ops)
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);

  // A team's contact total, kept by statement-level triggers so the contacts page
  // does not count a million rows on every view, whichever path adds or removes them.
  await db.schema
    .createTable("team_contact_counts")
    .addColumn("team_id", "uuid", (c) => c.primaryKey().references("teams.id").onDelete("cascade"))
    .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create function contacts_count_inserted() returns trigger language plpgsql as $$
    begin
      insert into team_contact_counts (team_id, total)
        select team_id, count(*) from inserted group by team_id
      on conflict (team_id) do update set total = team_contact_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function contacts_count_deleted() returns trigger language plpgsql as $$
    begin
      update team_contact_counts c set total = c.total - d.n
        from (select team_id, count(*) as n from deleted group by team_id) d
        where c.team_id = d.team_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_count_insert after insert on contacts
    referencing new table as inserted for each statement execute function contacts_count_inserted()`.execute(db);
  await sql`create trigger contacts_count_delete after delete on contacts
    referencing old table as deleted for each statement execute function contacts_count_deleted()`.execute(db);

  await db.schema
    .createTable("segments")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("static")
        .check(sql`kind in ('static', 'filter')`),
    )
    .addColumn("filter", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index segments_team_created_idx on segments (team_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable("segment_members")
    .addColumn("segment_id", "uuid", (c) => c.notNull().references("segments.id").onDelete("cascade"))
    .addColumn("contact_id", "uuid", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("added_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("segment_members_pkey", ["segment_id", "contact_id"])
    .execute();
  await db.schema.createIndex("segment_members_contact_idx").on("segment_members").column("contact_id").execute();

  await db.schema
    .createTable("imports")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("file_name", "text")
    .addColumn("segment_id", "uuid", (c) => c.references("segments.id").onDelete("set null"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("running")
        .check(sql`status in ('running', 'completed', 'failed', 'cancelled')`),
    )
    .addColumn("rows_received", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  await sql`create index imports_team_created_idx on imports (team_id, created_at desc)`.execute(db);

  // Chunks already applied, so a chunk retried after a network error changes nothing twice.
  await db.schema
    .createTable("import_chunks")
    .addColumn("import_id", "uuid", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("chunk_index", "integer", (c) => c.notNull())
    .addColumn("result", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("import_chunks_pkey", ["import_id", "chunk_index"])
    .execute();

  // Every skipped row with its reason, for the downloadable report.
  await db.schema
    .createTable("import_skips")
    .addColumn("import_id", "uuid", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("import_skips_pkey", ["import_id", "row_number"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "import_skips",
    "import_chunks",
    "imports",
    "segment_members",
    "segments",
    "team_contact_counts",
    "contacts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function contacts_count_inserted, contacts_count_deleted`.execute(db);
}
