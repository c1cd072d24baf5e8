import { type Kysely, sql } from "kysely";

// An ingestion batch's row on the two queues the tracking API fills (500 events' names,
// times, contacts, ids and properties for the rollups; the same events as one document
// for the journeys) is tens of kilobytes, which PostgreSQL compressed with pglz before
// storing it out of line: about 3 µs of the request's database time an event, for a row
// a worker reads and deletes within seconds. Stored out of line uncompressed instead,
// the row takes twice the room for those seconds. Rows already queued keep their form.
const columns = {
  event_rollup_queue: ["names", "occurred_at", "contact_ids", "event_ids", "properties"],
  journey_event_queue: ["events"],
} as const;

async function setStorage(db: Kysely<any>, storage: "external" | "extended"): Promise<void> {
  for (const [table, names] of Object.entries(columns)) {
    for (const name of names) {
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(name)} set storage ${sql.raw(storage)}`.execute(
        db,
      );
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await setStorage(db, "external");
}

export async function down(db: Kysely<any>): Promise<void> {
  await setStorage(db, "extended");
}
