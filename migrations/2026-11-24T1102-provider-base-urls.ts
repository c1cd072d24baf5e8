import { type Kysely, sql } from "kysely";

// The Twilio and WhatsApp API addresses became the operator's settings
// (TWILIO_BASE_URL, WHATSAPP_BASE_URL): a team-chosen address let the server be
// sent to any host. Saved addresses are dropped so none lingers to be read again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update channel_settings set config = config - 'apiBaseUrl' where config ? 'apiBaseUrl'`.execute(db);
}

// Nothing to restore: the code no longer reads a team's address.
export async function down(): Promise<void> {}
