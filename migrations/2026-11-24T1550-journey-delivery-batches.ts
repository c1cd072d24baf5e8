import { type Kysely, sql } from "kysely";

// A journey's send step writes its messages a batch of runs at a time, and one chunk
// job sends each batch. The batch's contacts are spread over the whole contact range,
// so a chunk job cannot read them as a broadcast chunk does (a range of the campaign's
// contacts, which holds every other batch's rows too). Each batch's deliveries carry
// the batch's id, and this index lets the job read them window by window in contact
// order, from where the last window ended, as cheaply as a broadcast chunk's range.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column journey_batch uuid`.execute(db);
  await sql`create index deliveries_journey_batch_idx on deliveries (journey_batch, contact_id)
    where journey_batch is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_journey_batch_idx`.execute(db);
  await sql`alter table deliveries drop column journey_batch`.execute(db);
}
