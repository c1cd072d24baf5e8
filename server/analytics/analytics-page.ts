import type { Database } from "#db/database.ts";
import { readAudienceGrowth } from "./audience-growth.ts";
import { type AnalyticsReport, readKeptReport } from "./analytics-report.ts";
import { readAnalyticsVersions, readKeptFigures } from "./analytics-versions.ts";
import { CAMPAIGN_ROWS_LIMIT, CAMPAIGN_TOP_ROWS, type CampaignSort, readChannelsInRange } from "./breakdowns.ts";
import type { RollupFilter } from "./campaign-rollups.ts";
import { readCampaignsWithConversions } from "./campaigns-with-conversions.ts";
import { listEventNames, readEventTrends } from "./event-trends.ts";
import { resolvePeriod } from "./period.ts";
import { readPropertySection } from "./property-section.ts";
import type { AnalyticsQuery } from "./schemas.ts";

/**
 * Everything the Analytics page shows for one range and filter, from the rollups:
 * the headline figures and their series, campaigns and channels in the range,
 * audience growth and the chosen (or most frequent) events with the top values of
 * a chosen property of theirs. The campaigns table holds the top of its order (or
 * all, when asked) and how many there are; the series only the charted figures. The campaigns and
 * channels follow the channel and campaign filters; audience and events are the
 * team's whole, which no campaign filter narrows. Each section is kept between
 * requests while its rollups' version holds (`readKeptFigures`), so it is read again
 * only once a write to it has committed.
 */
export async function readAnalyticsPage(
  db: Database,
  options: {
    teamId: string;
    query: AnalyticsQuery;
    sort: CampaignSort;
    eventNames: readonly string[];
    property?: string | null;
    /** Every campaign of the range (up to CAMPAIGN_ROWS_LIMIT) rather than the top CAMPAIGN_TOP_ROWS. */
    allCampaigns?: boolean;
    now?: Date;
  },
) {
  // The period (the team's zone, and a campaign filter checked as the team's) and the
  // rollups' versions first; then every section at once, each kept while its version holds.
  const [period, versions] = await Promise.all([resolvePeriod(db, options), readAnalyticsVersions(db, options.teamId)]);
  const { teamId, query } = options;
  const range = { teamId, timeZone: period.timeZone, from: period.from, to: period.to };
  const filter = { ...range, channel: query.channel, campaignId: query.campaignId };
  const campaignsShown = options.allCampaigns ? CAMPAIGN_ROWS_LIMIT : CAMPAIGN_TOP_ROWS;
  const rangeKey = [teamId, period.timeZone, period.from, period.to];
  const [report, breakdowns, audience, eventSection] = await Promise.all([
    readKeptReport(db, { teamId, query, period, versions }),
    readKeptFigures(
      "campaigns",
      versions,
      ["breakdowns", ...rangeKey, query.channel, query.campaignId, options.sort, campaignsShown],
      () => readBreakdowns(db, { ...filter, sort: options.sort, limit: campaignsShown }),
    ),
    readKeptFigures("audience", versions, ["audience", ...rangeKey], () => readAudienceGrowth(db, range)),
    readKeptFigures("events", versions, ["events", ...rangeKey, options.eventNames, options.property ?? null], () =>
      readEventSection(db, { ...range, names: options.eventNames, property: options.property ?? null }),
    ),
  ]);
  // The page charts four figures a day; the rest would only weigh on the page's data.
  const series = chartedSeriesOf(report.series);
  return { ...report, series, ...breakdowns, audience, ...eventSection };
}

/**
 * Per kept report series, its charted figures: the same array for every request while
 * the report is kept, so what the page derives from it (a chart's markup) is kept too.
 */
const chartedSeries = new WeakMap<AnalyticsReport["series"], ChartedPoint[]>();
type ChartedPoint = Pick<AnalyticsReport["series"][number], "date" | "sent" | "delivered" | "opened" | "clicked">;

function chartedSeriesOf(series: AnalyticsReport["series"]): ChartedPoint[] {
  let charted = chartedSeries.get(series);
  if (!charted) {
    charted = series.map(({ date, sent, delivered, opened, clicked }) => ({ date, sent, delivered, opened, clicked }));
    chartedSeries.set(series, charted);
  }
  return charted;
}

/** The campaigns table, the channels and the campaigns the filter offers: the campaign rollups by campaign and channel. */
async function readBreakdowns(db: Database, filter: RollupFilter & { sort: CampaignSort; limit: number }) {
  const [campaigns, channels, campaignChoices] = await Promise.all([
    readCampaignsWithConversions(db, filter),
    readChannelsInRange(db, filter),
    db
      .selectFrom("campaigns")
      .select(["id", "name"])
      .where("teamId", "=", filter.teamId)
      .where("sentAt", "is not", null)
      .orderBy("sentAt", "desc")
      .limit(200)
      .execute(),
  ]);
  return { campaigns, channels, campaignChoices };
}

/** The events charted (chosen or the most frequent), the team's event names, and the property picker that follows the charted events. */
async function readEventSection(
  db: Database,
  options: {
    teamId: string;
    timeZone: string;
    from: string;
    to: string;
    names: readonly string[];
    property: string | null;
  },
) {
  const [events, eventNames] = await Promise.all([
    readEventTrends(db, options),
    listEventNames(db, { teamId: options.teamId }),
  ]);
  const properties = await readPropertySection(db, { ...options, names: events.map((trend) => trend.name) });
  return { events, eventNames, properties };
}
