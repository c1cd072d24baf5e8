import { type Kysely, sql } from "kysely";

// The trace id of a campaign's send: the id of the request that sent it (or a fresh one
// when a schedule starts it), carried in its jobs' data so that every log line of the
// send, in whichever process, can be found by one id.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table campaigns add column trace_id text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table campaigns drop column trace_id`.execute(db);
}
