import { type Kysely, sql } from "kysely";

// Erasing a segment's contacts in bulk, on the worker: one row per request with its
// progress, and the snapshot of the contacts to erase, taken once when it starts (a
// filter segment is evaluated then). A contact's snapshot row goes in the transaction
// that erases it, so what is left is exactly what remains to do after a crash.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("segment_erasures")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    // The segment may be deleted while (or after) its contacts are erased; the name is kept.
    .addColumn("segment_id", "uuid", (c) => c.references("segments.id").onDelete("set null"))
    .addColumn("segment_name", "text", (c) => c.notNull())
    .addColumn("segment_kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("running")
        .check(sql`status in ('running', 'completed')`),
    )
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("erased", "integer", (c) => c.notNull().defaultTo(0))
    // Contacts of the snapshot that were gone (erased or deleted otherwise) when their turn came.
    .addColumn("already_gone", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requested_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("trace_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("segment_erasures_team_idx")
    .on("segment_erasures")
    .columns(["team_id", "created_at"])
    .execute();
  // One erasure of a segment at a time; the worker finds running ones by this index too.
  await sql`
    create unique index segment_erasures_one_running_idx on segment_erasures (segment_id) where status = 'running'
  `.execute(db);
  await db.schema
    .createTable("segment_erasure_contacts")
    .addColumn("erasure_id", "uuid", (c) => c.notNull().references("segment_erasures.id").onDelete("cascade"))
    .addColumn("contact_id", "uuid", (c) => c.notNull())
    .addPrimaryKeyConstraint("segment_erasure_contacts_pkey", ["erasure_id", "contact_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("segment_erasure_contacts").execute();
  await db.schema.dropTable("segment_erasures").execute();
}
