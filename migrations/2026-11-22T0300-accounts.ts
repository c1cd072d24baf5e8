import { type Kysely, sql } from "kysely";

// Users, teams, memberships and sessions: what signing up and signing in need.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("teams")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are compared case-insensitively: one account per address, whatever its case.
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable("team_members")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("team_members_pkey", ["team_id", "user_id"])
    .execute();
  await db.schema.createIndex("team_members_user_id_idx").on("team_members").column("user_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    // Only the SHA-256 of the token is kept: a leaked table opens no session.
    .addColumn("token_hash", "bytea", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  // Failed sign-ins and sign-ups, counted per email and per IP in a sliding window.
  // Kept in PostgreSQL so the limit holds across every app container.
  await db.schema
    .createTable("auth_failures")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('login', 'signup')`))
    .addColumn("email", "text")
    .addColumn("ip", "text")
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index auth_failures_email_idx on auth_failures (kind, lower(email), occurred_at)`.execute(db);
  await sql`create index auth_failures_ip_idx on auth_failures (kind, ip, occurred_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["auth_failures", "sessions", "team_members", "users", "teams"]) {
    await db.schema.dropTable(table).execute();
  }
}
