import { type Kysely, sql } from "kysely";

// The search indexer no longer reads `contacts`: each queued row carries the name,
// email and phone it was queued for, copied by the contacts triggers from the rows
// their statement wrote (about a fifth of the indexer's PostgreSQL time was reading
// the contacts back). The queue is not read in the order it was written, so two
// queued texts of one contact could be indexed newest first; each queued row
// therefore carries `seq`, one value per writing statement from a sequence, and
// contact_search keeps the `seq` of the text it holds and takes only a newer one.
// One value per statement is enough: a statement writes a contact once, and two
// transactions that change one contact are ordered by its row lock, the second
// drawing its value after the first committed. A deleted contact's queued rows are
// removed with it, or the indexer would index it again from their text.
export async function up(db: Kysely<any>): Promise<void> {
  // No cache: values drawn in different sessions must follow the order they were drawn in.
  await sql`create sequence contact_search_seq as bigint`.execute(db);
  await sql`
    alter table contact_search_queue
      add column name text, add column email text, add column phone text,
      add column seq bigint not null default nextval('contact_search_seq')
  `.execute(db);
  await sql`alter table contact_search add column seq bigint not null default 0`.execute(db);

  // What is queued already gets its contact's text; queued contacts deleted since go.
  await sql`
    with old as (delete from contact_search_queue returning contact_id, trace_id)
    insert into contact_search_queue (team_id, contact_id, trace_id, name, email, phone)
    select c.team_id, c.id, old.trace_id, c.name, c.email, c.phone
    from (select contact_id, max(trace_id) as trace_id from old group by contact_id) old
    join contacts c on c.id = old.contact_id
  `.execute(db);

  await sql`
    create or replace function contacts_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into contact_search_queue (team_id, contact_id, trace_id, name, email, phone, seq)
      select i.team_id, i.id, nullif(current_setting('murmur.trace_id', true), ''), i.name, i.email, i.phone, s.seq
      from inserted i, (select nextval('contact_search_seq') as seq) s;
      return null;
    end $$`.execute(db);
  // EXECUTE plans the join afresh for each statement, as before (2026-11-22T1100).
  await sql`
    create or replace function contacts_queue_updated() returns trigger language plpgsql as $$
    begin
      execute 'insert into contact_search_queue (team_id, contact_id, trace_id, name, email, phone, seq)
        select n.team_id, n.id, nullif(current_setting(''murmur.trace_id'', true), ''''), n.name, n.email, n.phone, s.seq
        from updated_new n join updated_old o on o.id = n.id, (select nextval(''contact_search_seq'') as seq) s
        where (n.name, n.email, n.phone) is distinct from (o.name, o.email, o.phone)';
      return null;
    end $$`.execute(db);
  // The queue first: should the indexer hold one of these rows, this waits for it to
  // commit, and the delete from contact_search after it, a statement of its own with
  // a snapshot of its own, then sees and removes what the indexer wrote.
  await sql`
    create or replace function contacts_unindex_deleted() returns trigger language plpgsql as $$
    begin
      delete from contact_search_queue where contact_id in (select id from deleted);
      delete from contact_search where contact_id in (select id from deleted);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function contacts_unindex_deleted() returns trigger language plpgsql as $$
    begin
      delete from contact_search where contact_id in (select id from deleted);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function contacts_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into contact_search_queue (team_id, contact_id, trace_id)
      select team_id, id, nullif(current_setting('murmur.trace_id', true), '') from inserted;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function contacts_queue_updated() returns trigger language plpgsql as $$
    begin
      execute 'insert into contact_search_queue (team_id, contact_id, trace_id)
        select n.team_id, n.id, nullif(current_setting(''murmur.trace_id'', true), '''')
        from updated_new n join updated_old o on o.id = n.id
        where (n.name, n.email, n.phone) is distinct from (o.name, o.email, o.phone)';
      return null;
    end $$`.execute(db);
  await sql`alter table contact_search drop column seq`.execute(db);
  await sql`alter table contact_search_queue drop column name, drop column email, drop column phone, drop column seq`.execute(
    db,
  );
  await sql`drop sequence contact_search_seq`.execute(db);
}
