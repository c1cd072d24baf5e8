import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { campaignHours, figuresOf, type RollupFilter, selectFigureSums } from "./campaign-rollups.ts";
import { type FiguresWithRates, withRates } from "./figures.ts";

export type CampaignRow = { id: string; name: string; channel: string } & FiguresWithRates;

export const CAMPAIGN_SORTS = ["name", "sent", "delivered", "openRate", "clickRate", "unsubscribed"] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** The most campaigns one range lists (the CSV, and the page's "show all"). */
export const CAMPAIGN_ROWS_LIMIT = 500;

/** The campaigns the Analytics page shows first, the top of the chosen order. */
export const CAMPAIGN_TOP_ROWS = 20;

/** Campaigns in a range: the top `limit` of the chosen order and how many there are in all. */
export type CampaignRows = { rows: CampaignRow[]; total: number };

/**
 * The sort key of each order, in SQL, so only the rows shown are read out: a rate as
 * `ratesOf` rounds it (double division, times 1000, halves up), so rows whose shown
 * rates are equal tie and fall to the name.
 */
function sortKey(sort: CampaignSort) {
  const rate = (part: string) =>
    sql`case when sum(campaign_hourly_stats.sent) > 0 then floor(sum(campaign_hourly_stats.${sql.ref(part)})::float8 / sum(campaign_hourly_stats.sent) * 1000 + 0.5) else 0 end`;
  switch (sort) {
    case "name":
      return null;
    case "openRate":
      return rate("opened");
    case "clickRate":
      return rate("clicked");
    default:
      return sql`sum(campaign_hourly_stats.${sql.ref(sort)})`;
  }
}

/**
 * Campaigns with any figure in the range, each summed over the range's hours, sorted
 * (descending for figures, by name ascending, letter case aside) with the name and
 * then the id breaking ties; the first `limit` of them, and how many there are.
 */
export async function readCampaignsInRange(
  db: Database,
  filter: RollupFilter & { sort: CampaignSort; limit: number },
): Promise<CampaignRows> {
  const key = sortKey(filter.sort);
  let query = selectFigureSums(
    campaignHours(db, filter)
      .innerJoin("campaigns", "campaigns.id", "campaignHourlyStats.campaignId")
      .select([
        "campaigns.id",
        "campaigns.name",
        sql<string>`min(campaign_hourly_stats.channel)`.as("channel"),
        sql<number>`count(*) over ()::int`.as("total"),
      ])
      .groupBy(["campaigns.id", "campaigns.name"]),
  );
  if (key) query = query.orderBy(key, "desc");
  const rows = await query
    .orderBy(sql`lower(campaigns.name)`)
    .orderBy(sql`campaigns.name`)
    .orderBy(sql`campaigns.id`)
    .limit(Math.min(filter.limit, CAMPAIGN_ROWS_LIMIT))
    .execute();
  return {
    rows: rows.map((row) => ({ id: row.id, name: row.name, channel: row.channel, ...withRates(figuresOf(row)) })),
    total: rows[0]?.total ?? 0,
  };
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
