import { type Kysely, sql } from "kysely";

// GET /api/outbox finds the messages of one campaign, or to one address, newest first,
// a keyset page at a time: each filter gets an index in that order, so a rare address
// in a large outbox is one short range read rather than a walk through the team's mail.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index outbox_messages_campaign_created_idx on outbox_messages (team_id, campaign_id, created_at desc, id desc)
    where campaign_id is not null`.execute(db);
  await sql`create index outbox_messages_to_created_idx on outbox_messages (team_id, lower(to_address), created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index outbox_messages_to_created_idx`.execute(db);
  await sql`drop index outbox_messages_campaign_created_idx`.execute(db);
}
