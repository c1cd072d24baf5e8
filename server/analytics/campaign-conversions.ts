import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import type { RollupFilter } from "./campaign-rollups.ts";
import { type Figures, rateOf } from "./figures.ts";
import { rangeEnd, rangeStart } from "./local-days.ts";
import { isId } from "#db/ids.ts";

export type CampaignConversions = { count: number; rate: number; revenue: number };

/** The conversion figures a range or a campaign row adds to the others. */
export type ConversionFigures = { conversions: number; conversionRate: number; revenue: number };

/** Recipients who received the message: sent (accepted, or bounced later) less bounced. */
const received = (figures: Pick<Figures, "sent" | "bounced">) => figures.sent - figures.bounced;

/**
 * What a campaign caused, from its stored conversions (kept by the events worker,
 * docs/decisions/020): how many recipients converted, the rate of those who received
 * the message (× 100, one decimal, 0 when none did) and the revenue. Reads the
 * campaign's own rollup rows only. Without a goal everything is 0. Another team's
 * campaign is NOT_FOUND.
 */
export async function readCampaignConversions(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignConversions> {
  if (!isId(options.campaignId)) throw new AppError("NOT_FOUND", "Campaign not found.");
  const row = await db
    .selectFrom("campaigns")
    .select([
      sql<number>`(select coalesce(sum(conversions), 0)::int from campaign_conversion_hourly h where h.campaign_id = campaigns.id)`.as(
        "count",
      ),
      sql<string>`(select coalesce(sum(revenue), 0) from campaign_conversion_hourly h where h.campaign_id = campaigns.id)`.as(
        "revenue",
      ),
      sql<number>`(select coalesce(sum(sent - bounced), 0)::int from campaign_hourly_stats s where s.campaign_id = campaigns.id)`.as(
        "received",
      ),
    ])
    .where("id", "=", options.campaignId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Campaign not found.");
  return { count: row.count, rate: rateOf(row.count, row.received), revenue: Number(row.revenue) };
}

/** The filtered range's conversion hours: the same days, campaign and channel as `campaignHours`. */
function conversionHours(db: Database, filter: RollupFilter) {
  let query = db
    .selectFrom("campaignConversionHourly as h")
    .where("h.teamId", "=", filter.teamId)
    .where("h.hour", ">=", rangeStart(filter))
    .where("h.hour", "<", rangeEnd(filter));
  if (filter.campaignId) query = query.where("h.campaignId", "=", filter.campaignId);
  // A campaign's messages all go by its own channel.
  if (filter.channel)
    query = query.where("h.campaignId", "in", (eb) =>
      eb.selectFrom("campaigns").select("id").where("teamId", "=", filter.teamId).where("type", "=", filter.channel!),
    );
  return query;
}

/**
 * Conversions per campaign in the range (each counted in the hour it happened, as
 * the unique figures are), for the campaigns table: joined to its rows by id.
 */
export async function readConversionsByCampaign(
  db: Database,
  filter: RollupFilter,
): Promise<Map<string, { conversions: number; revenue: number }>> {
  const rows = await conversionHours(db, filter)
    .select([
      "h.campaignId",
      sql<number>`sum(h.conversions)::int`.as("conversions"),
      sql<string>`sum(h.revenue)`.as("revenue"),
    ])
    .groupBy("h.campaignId")
    .execute();
  return new Map(rows.map((row) => [row.campaignId, { conversions: row.conversions, revenue: Number(row.revenue) }]));
}

type Conversions = { conversions: number; revenue: number };

/**
 * The conversions and revenue of the filtered range (`rangeFrom` to `to`) and of the
 * period before it (`from` to the day before `rangeFrom`), for the headline figures
 * and their change: one read of both periods' conversion hours.
 */
export async function sumConversionsBeforeAndIn(
  db: Database,
  filter: RollupFilter & { rangeFrom: string },
): Promise<{ before: Conversions; within: Conversions }> {
  const within = sql<boolean>`h.hour >= ${rangeStart({ ...filter, from: filter.rangeFrom })}`;
  const row = await conversionHours(db, filter)
    .select([
      sql<number>`coalesce(sum(h.conversions) filter (where ${within}), 0)::int`.as("conversions"),
      sql<string>`coalesce(sum(h.revenue) filter (where ${within}), 0)`.as("revenue"),
      sql<number>`coalesce(sum(h.conversions) filter (where not ${within}), 0)::int`.as("conversionsBefore"),
      sql<string>`coalesce(sum(h.revenue) filter (where not ${within}), 0)`.as("revenueBefore"),
    ])
    .executeTakeFirstOrThrow();
  return {
    before: { conversions: row.conversionsBefore, revenue: Number(row.revenueBefore) },
    within: { conversions: row.conversions, revenue: Number(row.revenue) },
  };
}

/** Conversions with their rate of the recipients who received a message in the same figures. */
export function withConversions(
  figures: Pick<Figures, "sent" | "bounced">,
  found: { conversions: number; revenue: number } | undefined,
): ConversionFigures {
  const conversions = found?.conversions ?? 0;
  return { conversions, conversionRate: rateOf(conversions, received(figures)), revenue: found?.revenue ?? 0 };
}

/** Conversions per listed campaign over its whole life, for the Broadcasts list. */
export async function readConversionCounts(
  db: Database,
  options: { teamId: string; campaignIds: readonly string[] },
): Promise<Map<string, number>> {
  if (options.campaignIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("campaignConversionHourly")
    .select(["campaignId", sql<number>`sum(conversions)::int`.as("conversions")])
    .where("teamId", "=", options.teamId)
    .where("campaignId", "in", options.campaignIds)
    .groupBy("campaignId")
    .execute();
  return new Map(rows.map((row) => [row.campaignId, row.conversions]));
}
