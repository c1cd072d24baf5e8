import type { Database } from "#db/database.ts";
import { type ConversionFigures, sumConversionsBeforeAndIn, withConversions } from "./campaign-conversions.ts";
import { type FiguresWithRates, withRates } from "./figures.ts";
import { type AnalyticsVersions, readAnalyticsVersions, readKeptFigures } from "./analytics-versions.ts";
import { type AnalyticsPeriod, resolvePeriod } from "./period.ts";
import type { AnalyticsQuery } from "./schemas.ts";
import { readSeriesWithPrevious, type SeriesPoint, totalOf } from "./series.ts";

/** The headline figures: the campaign figures with their rates, and conversions with theirs. */
export type ReportTotals = FiguresWithRates & ConversionFigures;

export type AnalyticsReport = {
  period: AnalyticsPeriod;
  totals: ReportTotals;
  previous: ReportTotals;
  series: SeriesPoint[];
};

/**
 * The headline figures of a range, the same for the period of equal length before
 * it, and the range per day (per hour up to two days), all from the campaign
 * rollups: a read of the range's rollup hours, never of the ledger. The totals are
 * the sum of the series, so a chart and its headline cannot disagree. Conversions
 * and revenue come from the conversion hours of the same range and filter. Kept
 * between requests while the team's campaign figures are unchanged.
 */
export async function readAnalyticsReport(
  db: Database,
  options: { teamId: string; query: AnalyticsQuery; now?: Date },
): Promise<AnalyticsReport> {
  const [period, versions] = await Promise.all([resolvePeriod(db, options), readAnalyticsVersions(db, options.teamId)]);
  return readKeptReport(db, { teamId: options.teamId, query: options.query, period, versions });
}

/**
 * The report of a period, kept while the campaign section's version holds (the page
 * and the API share it). `versions` must have been read before this is called.
 */
export async function readKeptReport(
  db: Database,
  options: { teamId: string; query: AnalyticsQuery; period: AnalyticsPeriod; versions: AnalyticsVersions },
): Promise<AnalyticsReport> {
  const { teamId, query, period } = options;
  const key = ["report", teamId, period.timeZone, period.from, period.to, query.channel, query.campaignId];
  const report = await readKeptFigures("campaigns", options.versions, key, () =>
    readReportOfPeriod(db, { teamId, query, period }),
  );
  // The same days asked as a preset or as dates: the figures are one, the period as asked.
  return { ...report, period };
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
  const range = { ...filter, from: period.from, to: period.to };
  const [{ series, previous }, converted] = await Promise.all([
    readSeriesWithPrevious(db, {
      ...range,
      hourly: period.hourly,
      previousFrom: period.previousFrom,
      days: period.days,
    }),
    sumConversionsBeforeAndIn(db, { ...range, from: period.previousFrom, rangeFrom: period.from }),
  ]);
  const totals = totalOf(series);
  return {
    period,
    totals: { ...withRates(totals), ...withConversions(totals, converted.within) },
    previous: { ...withRates(previous), ...withConversions(previous, converted.before) },
    series,
  };
}
