import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** The outbox keeps the messages of the campaigns sent in this many days, as a real team's recent outbox would. */
const OUTBOX_DAYS = 14;

/**
 * The built-in outbox's copies of the demo's recent messages (every message a demo team
 * sends lands there, nowhere else): one per message the ledger has as sent, with the
 * content as the outbox sender stores it, and the ledger row pointing at it. Names and
 * content come from the demo's own constants, so the HTML needs no escaping.
 */
export async function seedOutbox(db: Database, options: { teamId: string; now: Date }): Promise<void> {
  const { teamId, now } = options;
  await sql`
    with sent as (
      select d.id as delivery_id, d.campaign_id, d.contact_id, d.channel, d.address, d.sent_at, gen_random_uuid() as id,
        c.type, c.subject, c.content, p.name
      from deliveries d join campaigns c on c.id = d.campaign_id join contacts p on p.id = d.contact_id
      where d.team_id = ${teamId} and d.status = 'sent' and c.sent_at > ${now}::timestamptz - make_interval(days => ${OUTBOX_DAYS})
    ),
    stored as (
      insert into outbox_messages (id, team_id, campaign_id, delivery_id, contact_id, channel, to_address, message_id,
        summary, content, created_at)
      select id, ${teamId}::uuid, campaign_id, delivery_id, contact_id, channel, address,
        '<' || delivery_id || '@larkspur.example.com>', coalesce(subject, left(content, 120)),
        case when type = 'EMAIL' then jsonb_build_object('channel', 'EMAIL', 'subject', subject,
            'html', '<p>Hi ' || name || ',</p><p>' || regexp_replace(content, '^# [^\n]*\n+', '') || '</p>',
            'text', 'Hi ' || name || E',\n\n' || content, 'headers', '{}'::jsonb)
          else jsonb_build_object('channel', channel, 'body', content) end,
        sent_at
      from sent
      returning id, delivery_id
    )
    update deliveries d set provider_message_id = stored.id::text from stored where d.id = stored.delivery_id
  `.execute(db);
}
