import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { campaignHours, figuresOf, type RollupFilter, selectFigureSums } from "./campaign-rollups.ts";
import { type FiguresWithRates, withRates } from "./figures.ts";

export type CampaignRow = { id: string; name: string; channel: string } & FiguresWithRates;

export const CAMPAIGN_SORTS = ["name", "sent", "delivered", "openRate", "clickRate", "unsubscribed"] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** The most campaigns one range lists; beyond that the table says so. */
export const CAMPAIGN_ROWS_LIMIT = 500;

/**
 * Campaigns with any figure in the range, each summed over the range's hours, sorted
 * (descending for figures, by name ascending) with the name breaking ties.
 */
export async function readCampaignsInRange(
  db: Database,
  filter: RollupFilter & { sort: CampaignSort },
): Promise<CampaignRow[]> {
  const rows = await selectFigureSums(
    campaignHours(db, filter)
      .innerJoin("campaigns", "campaigns.id", "campaignHourlyStats.campaignId")
      .select(["campaigns.id", "campaigns.name", sql<string>`min(campaign_hourly_stats.channel)`.as("channel")])
      .groupBy(["campaigns.id", "campaigns.name"])
      .limit(CAMPAIGN_ROWS_LIMIT),
  ).execute();
  const campaigns = rows.map((row) => ({
    id: row.id,
    name: row.name,
    channel: row.channel,
    ...withRates(figuresOf(row)),
  }));
  const sort = filter.sort;
  return campaigns.sort((a, b) => {
    const order = sort === "name" ? a.name.localeCompare(b.name) : b[sort] - a[sort];
    return order !== 0 ? order : a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  });
}

export type ChannelRow = { channel: string } & FiguresWithRates;

/** The range's figures per channel, channels with any figure only. */
export async function readChannelsInRange(db: Database, filter: RollupFilter): Promise<ChannelRow[]> {
  const rows = await selectFigureSums(
    campaignHours(db, filter).select("campaignHourlyStats.channel").groupBy("campaignHourlyStats.channel"),
  )
    .orderBy("campaignHourlyStats.channel")
    .execute();
  return rows.map((row) => ({ channel: row.channel, ...withRates(figuresOf(row)) }));
}
