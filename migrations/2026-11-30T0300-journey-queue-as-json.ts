import { type Kysely, sql } from "kysely";

// The journey event queue's document is written once by the ingestion statement and read
// once, as text, by the worker that deletes its row: nothing queries into it. As jsonb,
// building the 500 events' document cost the request more than twice what building the
// same document as json (text) did, and the worker turned it back into text to read it.
// Still stored out of line uncompressed (2026-11-29T0800); changing the type resets that.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_event_queue alter column events type json using events::json`.execute(db);
  await sql`alter table journey_event_queue alter column events set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_event_queue alter column events type jsonb using events::jsonb`.execute(db);
  await sql`alter table journey_event_queue alter column events set storage external`.execute(db);
}
