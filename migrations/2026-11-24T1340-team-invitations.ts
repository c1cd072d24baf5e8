import { type Kysely, sql } from "kysely";

// Invitations to join a team by email. The link's token is kept only as its SHA-256,
// like sessions and account tokens; accepting sets accepted_at once, by one guarded
// UPDATE, so a link joins one person once. Resending replaces the hash, so the old
// link stops working. One open invitation per address and team.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("team_invitations")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("team_id", "uuid", (col) => col.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('owner', 'admin', 'marketer', 'viewer')`))
    .addColumn("token_hash", "bytea", (col) => col.notNull().unique())
    .addColumn("invited_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("accepted_at", "timestamptz")
    .addColumn("accepted_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create unique index team_invitations_open_email_idx on team_invitations (team_id, lower(email))
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_invitations").execute();
}
