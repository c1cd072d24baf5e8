import { type Kysely, sql } from "kysely";

// Keys for the JSON API: long-lived, one team each, acting with a role of their own
// (never Owner: a key cannot delete the team or change its owners). Only the SHA-256
// of a key is kept; the key is shown once, when created. A key answers to the person
// who created it and goes with them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'marketer', 'viewer')`))
    .addColumn("key_hash", "bytea", (c) => c.notNull().unique())
    // The key's first characters, so a list can tell keys apart without revealing them.
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index api_keys_team_created_idx on api_keys (team_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").execute();
}
