import { type Kysely, sql } from "kysely";

// Sessions end at the earlier of their expiry and their revocation (least() skips a
// null revoked_at). The worker deletes those that ended more than a few days ago in
// batches; this index lets each batch find them by a range scan instead of reading
// the whole table, so no delete holds its locks for long.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sessions_ended_at_idx on sessions (least(expires_at, revoked_at))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sessions_ended_at_idx`.execute(db);
}
