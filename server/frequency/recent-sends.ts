import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";

/** A contact's recent messages on one channel, newest first, and the zone their attribute names (if any). */
export type RecentSends = { sentTimes: Date[]; zone: string | null };

/**
 * For each contact, when their newest messages on `channel` since `since` went out
 * (at most `limit`, newest first), from the delivery ledger: sent, in flight, or
 * unknown (they may have gone out) all count; messages of campaigns that ignore
 * frequency caps do not. Also reads the contact attribute `zoneAttribute`. One
 * statement for the whole batch, one index range read
 * (deliveries_contact_channel_sent_idx) per contact.
 */
export async function readRecentSends(
  db: Database,
  options: {
    teamId: string;
    contactIds: string[];
    channel: CampaignType;
    since: Date;
    limit: number;
    zoneAttribute: string | null;
  },
): Promise<Map<string, RecentSends>> {
  if (options.contactIds.length === 0) return new Map();
  const sent = sql`coalesce(d.sent_at, d.updated_at)`;
  const zone = options.zoneAttribute === null ? sql`null::text` : sql`c.attributes ->> ${options.zoneAttribute}`;
  const times =
    options.limit === 0
      ? sql`'{}'::timestamptz[]`
      : sql`array(
          select ${sent} from deliveries d left join campaigns k on k.id = d.campaign_id
          where d.contact_id = x.id and d.channel = ${options.channel} and d.team_id = ${options.teamId}
            and d.status in ('sending', 'sent', 'unknown') and ${sent} > ${options.since}
            and k.ignore_frequency_caps is not true
          order by ${sent} desc limit ${options.limit})`;
  const { rows } = await sql<{ id: string; zone: string | null; times: Date[] }>`
    select x.id, ${zone} as zone, ${times} as times
    from unnest(${options.contactIds}::uuid[]) as x(id)
      left join contacts c on c.id = x.id and c.team_id = ${options.teamId}`.execute(db);
  return new Map(rows.map((row) => [row.id, { sentTimes: row.times.map((t) => new Date(t)), zone: row.zone }]));
}
