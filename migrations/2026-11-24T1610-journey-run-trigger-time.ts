import { type Kysely, sql } from "kysely";

// A run entered by an event remembers that event's own time, so that an awaited event
// or a goal stored before the run reached the step (the same ingestion batch, or while
// it was still at an earlier step) counts from the moment the contact entered, read
// from events (contact_id, name, occurred_at) by index. Null for runs entered otherwise
// (a segment, a created contact) and for runs entered before this column: they count
// from entered_at. `last_received_at` is the own time of the event the run's last wait
// for an event received, so a later wait for the same event counts only events after
// it, not that one again. Nullable, so adding them rewrites nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_runs add column trigger_occurred_at timestamptz`.execute(db);
  await sql`alter table journey_runs add column last_received_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_runs drop column last_received_at`.execute(db);
  await sql`alter table journey_runs drop column trigger_occurred_at`.execute(db);
}
