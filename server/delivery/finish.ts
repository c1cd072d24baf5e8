import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { notifyCampaignsSent } from "#server/notifications/campaign-events.ts";

/**
 * ACTIVE → SENT for campaigns whose recipients are resolved and whose every
 * delivery is final (sent, failed or unknown): none queued or in flight. Reads
 * the per-status counts, so it is cheap enough to run after every chunk and on
 * every scheduler tick. Without `campaignIds` it checks every ACTIVE campaign.
 * The teams of the finished campaigns are notified.
 */
export async function finishCampaigns(db: Database, options: { campaignIds?: string[] } = {}): Promise<string[]> {
  if (options.campaignIds?.length === 0) return [];
  const only = options.campaignIds ? sql`and c.id = any(${options.campaignIds}::uuid[])` : sql``;
  const { rows } = await sql<{ id: string }>`
    update campaigns c set state = 'SENT', sent_at = now(), updated_at = now()
    where c.state = 'ACTIVE' and c.resolved_at is not null ${only}
      and not exists (
        select 1 from campaign_delivery_counts n
        where n.campaign_id = c.id and n.status in ('queued', 'sending') and n.total > 0
      )
    returning c.id`.execute(db);
  const finished = rows.map((row) => row.id);
  await notifyCampaignsSent(db, finished);
  return finished;
}
