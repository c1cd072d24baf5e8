import { type Kysely, sql } from "kysely";

// A journey's send step writes its messages a batch of runs at a time, and one chunk
// job sends each batch. The batch's contacts are spread over the whole contact range,
// so a chunk job cannot read them as a broadcast chunk does (a range of the campaign's
// contacts, which holds every other batch's rows too). Each batch's deliveries carry
// the batch's id, and this index lets the job read them window by window in contact
// order, from where the last window ended, as cheaply as a broadcast chunk's range.
// The index by run, which the jobs read through before, has no other reader: it goes,
// since every journey message wrote it once and rewrote it on each of its two updates
// (taken as sending, then its answer).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column journey_batch uuid`.execute(db);
  await sql`create index deliveries_journey_batch_idx on deliveries (journey_batch, contact_id)
    where journey_batch is not null`.execute(db);
  await sql`drop index deliveries_journey_run_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index deliveries_journey_run_idx on deliveries (journey_run_id) where journey_run_id is not null`.execute(
    db,
  );
  await sql`drop index deliveries_journey_batch_idx`.execute(db);
  await sql`alter table deliveries drop column journey_batch`.execute(db);
}
