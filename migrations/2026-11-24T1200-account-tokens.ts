import { type Kysely, sql } from "kysely";

// Links sent by email that act on an account: a password reset, or the confirmation
// of a new email address. Only the token's SHA-256 is kept, like sessions; a token is
// spent by setting used_at, once, so two clicks of one link cannot both act.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_tokens")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('password-reset', 'email-change')`))
    .addColumn("token_hash", "bytea", (col) => col.notNull().unique())
    // The address an email-change token confirms; null for a password reset.
    .addColumn("new_email", "text")
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index account_tokens_user_idx on account_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_tokens").execute();
}
