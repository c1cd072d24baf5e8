import { type Kysely, sql } from "kysely";

// Product events are rolled up by the worker, off the request path (docs/decisions/020):
// the ingestion statement adds one row per batch of events it really inserted, holding
// each event's name, time and contact, and the worker takes rows off this queue and
// adds them to the rollups in the same transaction. A row becomes visible when its
// events commit, whatever order batches commit in, so no batch can be skipped; a row
// is deleted as it is counted, so none is counted twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("event_rollup_queue")
    // Oldest first, so the worker drains in arrival order and the lag stays bounded.
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("team_id", "uuid", (c) => c.notNull())
    .addColumn("names", sql`text[]`, (c) => c.notNull())
    .addColumn("occurred_at", sql`timestamptz[]`, (c) => c.notNull())
    // Null where the event belongs to no known contact: it counts as an event, not a person.
    .addColumn("contact_ids", sql`uuid[]`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("event_rollup_queue").execute();
}
