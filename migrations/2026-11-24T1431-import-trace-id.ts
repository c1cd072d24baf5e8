import { type Kysely, sql } from "kysely";

// An import's trace id (the id of the request that opened it) follows its chunks and the
// search indexing that finishes it. A chunk's transaction sets `murmur.trace_id` for
// itself; the contacts triggers copy it onto the rows they queue for the indexer, which
// logs the trace ids of what it indexed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("imports").addColumn("trace_id", "text").execute();
  await db.schema.alterTable("contact_search_queue").addColumn("trace_id", "text").execute();
  await sql`
    create or replace function contacts_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into contact_search_queue (team_id, contact_id, trace_id)
      select team_id, id, nullif(current_setting('murmur.trace_id', true), '') from inserted;
      return null;
    end $$`.execute(db);
  // EXECUTE plans the join afresh for each statement, as before (2026-11-22T1100).
  await sql`
    create or replace function contacts_queue_updated() returns trigger language plpgsql as $$
    begin
      execute 'insert into contact_search_queue (team_id, contact_id, trace_id)
        select n.team_id, n.id, nullif(current_setting(''murmur.trace_id'', true), '''')
        from updated_new n join updated_old o on o.id = n.id
        where (n.name, n.email, n.phone) is distinct from (o.name, o.email, o.phone)';
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function contacts_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into contact_search_queue (team_id, contact_id) select team_id, id from inserted;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function contacts_queue_updated() returns trigger language plpgsql as $$
    begin
      execute 'insert into contact_search_queue (team_id, contact_id)
        select n.team_id, n.id from updated_new n join updated_old o on o.id = n.id
        where (n.name, n.email, n.phone) is distinct from (o.name, o.email, o.phone)';
      return null;
    end $$`.execute(db);
  await db.schema.alterTable("contact_search_queue").dropColumn("trace_id").execute();
  await db.schema.alterTable("imports").dropColumn("trace_id").execute();
}
