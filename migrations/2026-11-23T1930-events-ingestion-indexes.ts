import { type Kysely, sql } from "kysely";

// Two fewer index entries per stored event (decision 010, "Ingestion cost"):
// - the dedup key (team_id, message_id) becomes the primary key, and the index
//   on id goes: no query looks an event up by id alone, and the id still breaks
//   ties in the (team, time, id) order of the Events page;
// - user ids are indexed only while an event waits for its contact. The Events
//   page finds an identified user's events through the contact instead, so the
//   busiest index to write, one random entry per event, is no longer needed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`alter table events add constraint events_pkey primary key using index events_team_message_key`.execute(db);
  await sql`create index events_unclaimed_user_idx on events (team_id, user_id, occurred_at)
    where contact_id is null and user_id is not null`.execute(db);
  await sql`drop index events_team_user_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index events_team_user_idx on events (team_id, user_id text_pattern_ops, occurred_at)
    where user_id is not null`.execute(db);
  await sql`drop index events_unclaimed_user_idx`.execute(db);
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`create unique index events_team_message_key on events (team_id, message_id)`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (id)`.execute(db);
}
