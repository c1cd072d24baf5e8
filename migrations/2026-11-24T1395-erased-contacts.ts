import { type Kysely, sql } from "kysely";

// Addresses of contacts erased at their request, kept only as a SHA-256 hash of
// "<team id>:<address>", so an import or an identify can recognise the person
// without the team keeping anything that names them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("erased_addresses")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("address_hash", "text", (c) => c.notNull())
    .addColumn("erased_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("erased_addresses_pkey", ["team_id", "address_hash"])
    .execute();
  // Off by default: an erased person comes back only when the import says so.
  await db.schema
    .alterTable("imports")
    .addColumn("allow_erased", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("imports").dropColumn("allow_erased").execute();
  await db.schema.dropTable("erased_addresses").execute();
}
