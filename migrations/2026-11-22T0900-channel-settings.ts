import { type Kysely, sql } from "kysely";

// Each team's provider for each channel (SMTP, Twilio, WhatsApp Cloud API): whether
// campaigns go through it, its plain settings, and its secrets as one AES-256-GCM
// ciphertext (server/secrets/secret-box.ts). No row, or a disabled one, means the
// team's messages on that channel go to the built-in outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("channel_settings")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('EMAIL', 'SMS', 'WHATSAPP')`))
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("config", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("secrets_encrypted", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("channel_settings_pkey", ["team_id", "channel"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("channel_settings").execute();
}
