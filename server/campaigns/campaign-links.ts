import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { requireTeamCampaignId } from "./team-campaign.ts";

/** The most links a campaign's table lists (a link personalised per recipient would otherwise list every recipient). */
export const LINKS_SHOWN = 100;

export type CampaignLink = { url: string; uniqueClicks: number; clicks: number };

/**
 * Each URL followed from the campaign's messages with how many recipients followed it
 * (uniqueClicks) and how often (clicks), most followed first, at most LINKS_SHOWN.
 * People's clicks only: machines' (bot_click, decision 013) are not counted, and a
 * click reclassified as a machine's drops out. Reads only this campaign's clicks,
 * index-only (engagement_events_campaign_clicks_idx). Another team's campaign is NOT_FOUND.
 */
export async function campaignLinks(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignLink[]> {
  const campaignId = await requireTeamCampaignId(db, options);
  const { rows } = await sql<CampaignLink>`
    select url, count(distinct delivery_id)::int as unique_clicks, count(*)::int as clicks
    from engagement_events
    where campaign_id = ${campaignId} and kind = 'click'
    group by url
    order by unique_clicks desc, clicks desc, url
    limit ${LINKS_SHOWN}`.execute(db);
  return rows;
}
