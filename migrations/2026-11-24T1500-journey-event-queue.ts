import { type Kysely, sql } from "kysely";

// Journeys react to ingested events on the workers, off the request path: the
// ingestion statement adds one row per batch of events it really inserted (a retried
// messageId is not inserted, so it queues nothing) for a team with live or paused
// journeys, and the journey runtime takes rows off this queue and enters, advances or
// converts runs in the transaction that deletes them. A row becomes visible when its
// events commit, so none is missed, and is deleted as it is acted on, so none acts twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("journey_event_queue")
    // Oldest first, so the runtime reacts in arrival order and the lag stays bounded.
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    // [{ messageId, contactId, name, properties }] of the batch's events of known contacts.
    .addColumn("events", "jsonb", (c) => c.notNull())
    .addColumn("queued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("journey_event_queue").execute();
}
