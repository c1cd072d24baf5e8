import { type Kysely, sql } from "kysely";

// Where each live journey that starts with a filter segment has got to in the moments
// its contacts can drift into the segment with time alone ("has not done X in the last
// 7 days"): one row per journey and kind of moment (an event name, an engagement, the
// contact's creation, with its number of days). The window sweep reads, by the activity
// tables' own indexes, only the rows whose moment passed after this point, and comes
// back at next_check_at, the next such moment it knows of.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("journey_entry_windows")
    .addColumn("journey_id", "uuid", (c) => c.notNull().references("journeys.id").onDelete("cascade"))
    // What leaves the window, e.g. `event:7:Purchase`, `engagement:opened:30`, `created:14`.
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    // The time (an event's occurred_at, ...) and contact of the last row swept, in that
    // order, so a sweep stopped by its batch limit resumes just after it.
    .addColumn("swept_at", "timestamptz", (c) => c.notNull())
    .addColumn("swept_contact_id", "uuid", (c) => c.notNull())
    .addColumn("next_check_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("journey_entry_windows_pkey", ["journey_id", "source"])
    .execute();
  await sql`create index journey_entry_windows_due_idx on journey_entry_windows (next_check_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("journey_entry_windows").execute();
}
