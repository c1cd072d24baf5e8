import { type Kysely, sql } from "kysely";

// The audience growth trigger counted an insert's contacts per team and hour, working
// out each contact's hour on the way. The contacts of one statement mostly share their
// creation time (an import's chunk takes its transaction's), so they are counted per
// creation time first and each distinct time is put in its hour once: measured on
// 300,000 imported contacts, 0.12 s of the chunks' database time instead of 0.25 s.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function contacts_audience_inserted() returns trigger language plpgsql as $$
    begin
      insert into team_audience_hourly (team_id, hour, added)
        select team_id, analytics_hour(created_at), sum(contacts)::int
        from (select team_id, created_at, count(*) as contacts from new_rows group by 1, 2) per_time
        group by 1, 2 order by 1, 2
      on conflict (team_id, hour) do update set added = team_audience_hourly.added + excluded.added;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function contacts_audience_inserted() returns trigger language plpgsql as $$
    begin
      insert into team_audience_hourly (team_id, hour, added)
        select team_id, analytics_hour(created_at), count(*) from new_rows group by 1, 2 order by 1, 2
      on conflict (team_id, hour) do update set added = team_audience_hourly.added + excluded.added;
      return null;
    end $$`.execute(db);
}
