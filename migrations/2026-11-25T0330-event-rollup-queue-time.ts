import { type Kysely, sql } from "kysely";

// When each ingestion batch was queued for the rollups, so that during a burst of
// ingestion the rollup worker can count only the batches that have waited longer than
// its lag budget and leave the rest for after the burst. `now()` is the ingesting
// transaction's start; a default that is not volatile needs no rewrite of the table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table event_rollup_queue add column queued_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table event_rollup_queue drop column queued_at`.execute(db);
}
