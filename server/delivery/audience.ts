import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { segmentContactIds } from "#server/segments/members.ts";

export const EXCLUSION_REASONS = ["no_address", "unsubscribed", "suppressed"] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** The subscription column of each channel on contacts. */
const STATUS_COLUMN: Record<CampaignType, string> = {
  EMAIL: "email_status",
  SMS: "sms_status",
  WHATSAPP: "whatsapp_status",
};

/**
 * The address a channel sends to, or NULL when the contact has none: an email
 * address for EMAIL, a valid E.164 phone number (what imports store when a number
 * parses) for SMS and WhatsApp.
 */
function addressOf(channel: CampaignType): RawBuilder<string | null> {
  return channel === "EMAIL"
    ? sql`case when c.email ~ '^[^@[:space:]]+@[^@[:space:]]+$' then c.email end`
    : sql`case when c.phone ~ '^\\+[1-9][0-9]{7,14}$' then c.phone end`;
}

/**
 * Every contact a campaign reaches, each once, with its address on the channel and
 * the reason it is left out (NULL when it receives the message). The audience is the
 * union of the campaign's segments, or all the team's contacts when it has none.
 * Written as joins (a UNION removes duplicates, suppressions are a left join) so
 * PostgreSQL hashes a million rows in one pass instead of probing row by row.
 */
export async function classifiedAudience(db: Database, campaign: { id: string; teamId: string; type: CampaignType }) {
  const links = await db
    .selectFrom("campaignSegments")
    .select("segmentId")
    .where("campaignId", "=", campaign.id)
    .orderBy("position")
    .execute();
  const members = await Promise.all(
    links.map((link) => segmentContactIds(db, { teamId: campaign.teamId, segmentId: link.segmentId })),
  );
  const inAudience = members.length
    ? sql`join (${members.reduce((all, next) => all.union(next))}) m on m.contact_id = c.id`
    : sql``;
  const address = addressOf(campaign.type);
  const status = sql.ref(`c.${STATUS_COLUMN[campaign.type]}`);
  return sql<{ contactId: string; address: string | null; reason: ExclusionReason | null }>`
    select c.id as contact_id, a.address,
      case
        when a.address is null then 'no_address'
        when ${status} = 'unsubscribed' then 'unsubscribed'
        when ${status} <> 'subscribed' or s.address is not null then 'suppressed'
      end as reason
    from contacts c ${inAudience}
    cross join lateral (select ${address} as address) a
    left join suppressions s on s.team_id = ${campaign.teamId} and s.channel = ${campaign.type} and s.address = lower(a.address)
    where c.team_id = ${campaign.teamId}`;
}

/**
 * The same classification for named contacts of the team (a journey's send step
 * reaching a batch of runs): each contact's address on the channel and the reason
 * it is left out, NULL when it receives the message. Contacts deleted meanwhile
 * are absent.
 */
export function classifiedContacts(options: { teamId: string; channel: CampaignType; contactIds: string[] }) {
  const address = addressOf(options.channel);
  const status = sql.ref(`c.${STATUS_COLUMN[options.channel]}`);
  return sql<{ contactId: string; address: string | null; reason: ExclusionReason | null }>`
    select c.id as contact_id, a.address,
      case
        when a.address is null then 'no_address'
        when ${status} = 'unsubscribed' then 'unsubscribed'
        when ${status} <> 'subscribed' or s.address is not null then 'suppressed'
      end as reason
    from contacts c
    cross join lateral (select ${address} as address) a
    left join suppressions s on s.team_id = ${options.teamId} and s.channel = ${options.channel} and s.address = lower(a.address)
    where c.team_id = ${options.teamId} and c.id = any(${options.contactIds}::uuid[])`;
}
