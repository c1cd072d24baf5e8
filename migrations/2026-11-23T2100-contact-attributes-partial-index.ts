import { type Kysely, sql } from "kysely";

// Contacts without custom attributes (every imported one) leave the attributes GIN
// index: each of them held an entry for the empty object, written on every insert
// and read by no filter. Attribute equality in the filter compiler states the same
// predicate, so the planner can still use the index (docs/decisions/005).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_attributes_idx`.execute(db);
  await sql`create index contacts_attributes_idx on contacts using gin (attributes jsonb_path_ops) where attributes <> '{}'::jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_attributes_idx`.execute(db);
  await sql`create index contacts_attributes_idx on contacts using gin (attributes jsonb_path_ops)`.execute(db);
}
