import type { Database } from "#db/database.ts";
import { sumCampaignFigures } from "./campaign-rollups.ts";
import { type FiguresWithRates, withRates } from "./figures.ts";
import { type AnalyticsPeriod, resolvePeriod } from "./period.ts";
import type { AnalyticsQuery } from "./schemas.ts";
import { readCampaignSeries, type SeriesPoint, totalOf } from "./series.ts";

export type AnalyticsReport = {
  period: AnalyticsPeriod;
  totals: FiguresWithRates;
  previous: FiguresWithRates;
  series: SeriesPoint[];
};

/**
 * The headline figures of a range, the same for the period of equal length before
 * it, and the range per day (per hour up to two days), all from the campaign
 * rollups: a read of the range's rollup hours, never of the ledger. The totals are
 * the sum of the series, so a chart and its headline cannot disagree.
 */
export async function readAnalyticsReport(
  db: Database,
  options: { teamId: string; query: AnalyticsQuery; now?: Date },
): Promise<AnalyticsReport> {
  const period = await resolvePeriod(db, options);
  return readReportOfPeriod(db, { teamId: options.teamId, query: options.query, period });
}

/**
 * The report of a period already resolved, so a caller that reads more of the same
 * period (the Analytics page) runs it beside its other reads rather than after them.
 */
export async function readReportOfPeriod(
  db: Database,
  options: { teamId: string; query: AnalyticsQuery; period: AnalyticsPeriod },
): Promise<AnalyticsReport> {
  const { period } = options;
  const filter = {
    teamId: options.teamId,
    timeZone: period.timeZone,
    channel: options.query.channel,
    campaignId: options.query.campaignId,
  };
  const [series, previous] = await Promise.all([
    readCampaignSeries(db, { ...filter, from: period.from, to: period.to, hourly: period.hourly }),
    sumCampaignFigures(db, { ...filter, from: period.previousFrom, to: period.previousTo }),
  ]);
  return { period, totals: withRates(totalOf(series)), previous: withRates(previous), series };
}
