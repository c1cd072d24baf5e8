import { type Kysely, sql } from "kysely";

// The Analytics page charts the chosen event names per local day from
// team_event_hourly: for five names over 90 days, about 10,800 rows found by the
// primary key (team_id, name, hour) and then fetched from the heap one page at a
// time, the page's costliest statement. With the count carried in the key's index
// (INCLUDE), the same read is an index-only scan. Writers pay nothing more: the
// (team_id, hour) index already carries the count, so updating it was never HOT.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table team_event_hourly
    drop constraint team_event_hourly_pkey,
    add constraint team_event_hourly_pkey primary key (team_id, name, hour) include (events)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table team_event_hourly
    drop constraint team_event_hourly_pkey,
    add constraint team_event_hourly_pkey primary key (team_id, name, hour)`.execute(db);
}
