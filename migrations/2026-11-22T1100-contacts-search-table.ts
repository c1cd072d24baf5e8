import { type Kysely, sql } from "kysely";

// Bulk imports write contacts at close to COPY speed: the trigram search index
// moves off the contacts table into contact_search, which a background indexer
// fills from a queue the contacts triggers write (see docs/decisions/012). The
// per-row foreign key check on contacts.team_id gives way to a statement-level
// trigger that removes a deleted team's contacts.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_search_idx`.execute(db);
  // Imported contacts have no external id: a partial index gives the same
  // uniqueness without an index entry for each of them.
  await sql`drop index contacts_team_external_id_key`.execute(db);
  await sql`create unique index contacts_team_external_id_key on contacts (team_id, external_id) where external_id is not null`.execute(
    db,
  );

  await sql`alter table contacts drop constraint contacts_team_id_fkey`.execute(db);
  await sql`
    create function teams_delete_contacts() returns trigger language plpgsql as $$
    begin
      delete from contacts where team_id in (select id from deleted_teams);
      return null;
    end $$`.execute(db);
  await sql`create trigger teams_contacts_delete after delete on teams
    referencing old table as deleted_teams for each statement execute function teams_delete_contacts()`.execute(db);

  // What the Contacts search matches, one row per contact, with the trigram index.
  await db.schema
    .createTable("contact_search")
    .addColumn("contact_id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("haystack", "text", (c) => c.notNull())
    .execute();
  await sql`create index contact_search_haystack_idx on contact_search using gin (haystack gin_trgm_ops)`.execute(db);

  // Contacts whose searchable text changed and is not yet in contact_search.
  // Searches read these rows directly, so results are right before the indexer runs.
  // No index: an import appends a row per contact, and an index on it cost about a
  // seventh of the import's database time; the queue is empty most of the time.
  await db.schema
    .createTable("contact_search_queue")
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull())
    .execute();

  await sql`
    create function contacts_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into contact_search_queue (team_id, contact_id) select team_id, id from inserted;
      return null;
    end $$`.execute(db);
  // EXECUTE plans the join afresh for each statement, from the real sizes of the
  // transition tables: a plan PL/pgSQL cached for a one-row update would join an
  // import's thousands of rows with a nested loop, in time growing with their square.
  await sql`
    create function contacts_queue_updated() returns trigger language plpgsql as $$
    begin
      execute 'insert into contact_search_queue (team_id, contact_id)
        select n.team_id, n.id from updated_new n join updated_old o on o.id = n.id
        where (n.name, n.email, n.phone) is distinct from (o.name, o.email, o.phone)';
      return null;
    end $$`.execute(db);
  await sql`
    create function contacts_unindex_deleted() returns trigger language plpgsql as $$
    begin
      delete from contact_search where contact_id in (select id from deleted);
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_search_insert after insert on contacts
    referencing new table as inserted for each statement execute function contacts_queue_inserted()`.execute(db);
  await sql`create trigger contacts_search_update after update on contacts
    referencing old table as updated_old new table as updated_new for each statement execute function contacts_queue_updated()`.execute(
    db,
  );
  await sql`create trigger contacts_search_delete after delete on contacts
    referencing old table as deleted for each statement execute function contacts_unindex_deleted()`.execute(db);

  // When an import last wrote a chunk: the indexer leaves the cores to a running import.
  await db.schema.alterTable("imports").addColumn("last_chunk_at", "timestamptz").execute();

  // Contacts that exist already wait for the indexer like new ones.
  await sql`insert into contact_search_queue (team_id, contact_id) select team_id, id from contacts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("imports").dropColumn("last_chunk_at").execute();
  await sql`drop trigger contacts_search_insert on contacts`.execute(db);
  await sql`drop trigger contacts_search_update on contacts`.execute(db);
  await sql`drop trigger contacts_search_delete on contacts`.execute(db);
  await sql`drop function contacts_queue_inserted, contacts_queue_updated, contacts_unindex_deleted`.execute(db);
  await db.schema.dropTable("contact_search_queue").execute();
  await db.schema.dropTable("contact_search").execute();
  await sql`drop trigger teams_contacts_delete on teams`.execute(db);
  await sql`drop function teams_delete_contacts`.execute(db);
  await sql`delete from contacts where team_id not in (select id from teams)`.execute(db);
  await sql`alter table contacts add constraint contacts_team_id_fkey foreign key (team_id) references teams (id) on delete cascade`.execute(
    db,
  );
  await sql`create index contacts_search_idx on contacts
    using gin ((lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) gin_trgm_ops)
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
  await sql`drop index contacts_team_external_id_key`.execute(db);
  await sql`create unique index contacts_team_external_id_key on contacts (team_id, external_id)`.execute(db);
}
