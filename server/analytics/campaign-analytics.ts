import type { Database } from "#db/database.ts";
import { type ClientOpens, campaignClients } from "#server/campaigns/campaign-clients.ts";
import { type CampaignLink, campaignLinks } from "#server/campaigns/campaign-links.ts";
import { AppError } from "#server/errors.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { type CampaignConversions, readCampaignConversions } from "./campaign-conversions.ts";
import { figuresOf, selectFigureSums } from "./campaign-rollups.ts";
import { type FiguresWithRates, withRates } from "./figures.ts";
import { readCampaignTimeline, type TimelinePoint } from "./campaign-timeline.ts";

type CampaignRef = { id: string; teamId: string; timeZone: string };

/**
 * The parts of a campaign's analytics, each read on its own: a new part (links, mail
 * clients, conversions) is one more entry here and one more field in the answer.
 */
const SECTIONS = {
  funnel: (db: Database, campaign: CampaignRef) => readCampaignFunnel(db, campaign.id),
  timeline: (db: Database, campaign: CampaignRef) =>
    readCampaignTimeline(db, { campaignId: campaign.id, timeZone: campaign.timeZone }),
  links: (db: Database, campaign: CampaignRef) => campaignLinks(db, asTarget(campaign)),
  clients: (db: Database, campaign: CampaignRef) => campaignClients(db, asTarget(campaign)),
  conversions: (db: Database, campaign: CampaignRef) => readCampaignConversions(db, asTarget(campaign)),
};

const asTarget = (campaign: CampaignRef) => ({ teamId: campaign.teamId, campaignId: campaign.id });

export type CampaignAnalyticsReport = {
  funnel: FiguresWithRates;
  timeline: TimelinePoint[];
  links: CampaignLink[];
  clients: ClientOpens[];
  conversions: CampaignConversions;
};

/**
 * A campaign's analytics: from its rollup hours the funnel over its whole life and
 * opens and clicks over time; its links and mail clients from its own engagement
 * rows; its conversions from the rows the events worker keeps. Another team's campaign is a NOT_FOUND.
 */
export async function readCampaignAnalytics(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignAnalyticsReport> {
  const row = await db
    .selectFrom("campaigns")
    .select(["id", "teamId"])
    .where("teamId", "=", options.teamId)
    .where("id", "=", options.campaignId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Campaign not found.");
  const campaign = { id: row.id, teamId: row.teamId, timeZone: await teamTimeZone(db, options.teamId) };
  const [funnel, timeline, links, clients, conversions] = await Promise.all([
    SECTIONS.funnel(db, campaign),
    SECTIONS.timeline(db, campaign),
    SECTIONS.links(db, campaign),
    SECTIONS.clients(db, campaign),
    SECTIONS.conversions(db, campaign),
  ]);
  return { funnel, timeline, links, clients, conversions };
}

/** The campaign's figures summed over all its hours, with its rates. */
export async function readCampaignFunnel(db: Database, campaignId: string): Promise<FiguresWithRates> {
  const row = await selectFigureSums(
    db.selectFrom("campaignHourlyStats").where("campaignId", "=", campaignId),
  ).executeTakeFirstOrThrow();
  return withRates(figuresOf(row));
}
