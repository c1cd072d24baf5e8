import type { Database } from "#db/database.ts";
import { requireTeamCampaignId } from "./team-campaign.ts";

/** The most links a campaign's table lists (a link personalised per recipient would otherwise list every recipient). */
export const LINKS_SHOWN = 100;

export type CampaignLink = { url: string; uniqueClicks: number; clicks: number };

/**
 * Each URL followed from the campaign's messages with how many recipients followed it
 * (uniqueClicks) and how often (clicks), most followed first, at most LINKS_SHOWN.
 * People's clicks only: machines' (bot_click, decision 013) are not counted, and a
 * click reclassified as a machine's drops out. Read from campaign_link_clicks, kept by
 * triggers as clicks are written (migration 2026-11-24T1540), so the cost follows the
 * campaign's distinct URLs, not its clicks. Another team's campaign is NOT_FOUND.
 */
export async function campaignLinks(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignLink[]> {
  const campaignId = await requireTeamCampaignId(db, options);
  return db
    .selectFrom("campaignLinkClicks")
    .select(["url", "uniqueClicks", "clicks"])
    .where("campaignId", "=", campaignId)
    .where("clicks", ">", 0)
    .orderBy("uniqueClicks", "desc")
    .orderBy("clicks", "desc")
    .orderBy("url")
    .limit(LINKS_SHOWN)
    .execute();
}
