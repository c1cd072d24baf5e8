import { type Kysely, sql } from "kysely";

// Segment lists show each segment's member count as stored here, with the time it was
// counted, instead of counting every segment on every request. A worker recounts a
// segment when its last attempt is older than the configured age; '-infinity' means
// "never tried", so a new or edited filter segment is due at once. Static segments
// also gain their members' count through a statement trigger on segment_members, in
// the same transaction as the rows, so an import or a selection is counted exactly
// without reading the segment again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table segments
    add column contact_count integer,
    add column counted_at timestamptz,
    add column count_attempted_at timestamptz not null default '-infinity'`.execute(db);
  await sql`create index segments_count_attempted_at_idx on segments (count_attempted_at)`.execute(db);
  await sql`
    create function segment_members_count_added() returns trigger language plpgsql as $$
    begin
      update segments s set contact_count = s.contact_count + a.n, counted_at = now()
      from (select segment_id, count(*)::int as n from added group by segment_id) a
      where s.id = a.segment_id and s.contact_count is not null;
      return null;
    end $$`.execute(db);
  await sql`create trigger segment_members_count_added after insert on segment_members
    referencing new table as added for each statement execute function segment_members_count_added()`.execute(db);
  // Static segments start from their rows as they are now; filter segments wait for the worker.
  await sql`update segments s set contact_count = (select count(*)::int from segment_members m where m.segment_id = s.id),
    counted_at = now(), count_attempted_at = now() where s.kind = 'static'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger segment_members_count_added on segment_members`.execute(db);
  await sql`drop function segment_members_count_added()`.execute(db);
  await sql`alter table segments drop column contact_count, drop column counted_at, drop column count_attempted_at`.execute(
    db,
  );
}
