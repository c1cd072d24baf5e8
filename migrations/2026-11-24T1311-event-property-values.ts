import { type Kysely, sql } from "kysely";

// The most frequent values of an event's properties, per team, event name, property
// and UTC day, counted by the events worker (docs/decisions/020). Bounded: only
// top-level string, number and boolean values, at most 20 properties an event, values
// cut to 100 characters, and at most 100 distinct values per (team, day, event,
// property); values beyond those are counted in the row whose value is null, shown
// as "(other)". Nulls are not distinct, so that row is one row.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table team_event_property_daily (
    team_id uuid not null references teams (id) on delete cascade,
    name text not null,
    property text not null,
    day date not null,
    value text,
    events integer not null default 0,
    constraint team_event_property_daily_key unique nulls not distinct (team_id, name, property, day, value)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_event_property_daily").execute();
}
