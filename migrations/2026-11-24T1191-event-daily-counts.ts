import { type Kysely, sql } from "kysely";

// Events per team, UTC day and name, kept by the worker beside the hourly counts
// (docs/decisions/020): ranking the most frequent names over 90 days reads about 90
// rows a name instead of 2,160, and the hours at the range's edges, which do not
// fill a UTC day, still come from the hourly counts. Filled here from those.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table team_event_daily (
    team_id uuid not null references teams (id) on delete cascade,
    day date not null,
    name text not null,
    events integer not null default 0,
    constraint team_event_daily_pkey primary key (team_id, day, name) include (events)
  )`.execute(db);
  await sql`
    insert into team_event_daily (team_id, day, name, events)
    select team_id, (hour at time zone 'UTC')::date, name, sum(events) from team_event_hourly group by 1, 2, 3`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_event_daily").execute();
}
