import type { Database } from "#db/database.ts";
import { readAudienceGrowth } from "./audience-growth.ts";
import { readReportOfPeriod } from "./analytics-report.ts";
import { CAMPAIGN_ROWS_LIMIT, CAMPAIGN_TOP_ROWS, type CampaignSort, readChannelsInRange } from "./breakdowns.ts";
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
 * team's whole, which no campaign filter narrows.
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
  // The period first (the team's zone, and a campaign filter checked as the team's);
  // then every part at once, each on its own pooled connection.
  const period = await resolvePeriod(db, options);
  const filter = {
    teamId: options.teamId,
    timeZone: period.timeZone,
    from: period.from,
    to: period.to,
    channel: options.query.channel,
    campaignId: options.query.campaignId,
  };
  const range = { teamId: options.teamId, timeZone: period.timeZone, from: period.from, to: period.to };
  const [report, campaigns, channels, audience, events, eventNames, campaignChoices] = await Promise.all([
    readReportOfPeriod(db, { teamId: options.teamId, query: options.query, period }),
    readCampaignsWithConversions(db, {
      ...filter,
      sort: options.sort,
      limit: options.allCampaigns ? CAMPAIGN_ROWS_LIMIT : CAMPAIGN_TOP_ROWS,
    }),
    readChannelsInRange(db, filter),
    readAudienceGrowth(db, range),
    readEventTrends(db, { ...range, names: options.eventNames }),
    listEventNames(db, { teamId: options.teamId }),
    db
      .selectFrom("campaigns")
      .select(["id", "name"])
      .where("teamId", "=", options.teamId)
      .where("sentAt", "is not", null)
      .orderBy("sentAt", "desc")
      .limit(200)
      .execute(),
  ]);
  // The property picker follows the events charted, chosen or the most frequent.
  const properties = await readPropertySection(db, {
    ...range,
    names: events.map((trend) => trend.name),
    property: options.property ?? null,
  });
  // The page charts four figures a day; the rest would only weigh on the page's data.
  const series = report.series.map(({ date, sent, delivered, opened, clicked }) => ({
    date,
    sent,
    delivered,
    opened,
    clicked,
  }));
  return { ...report, series, campaigns, channels, audience, events, eventNames, campaignChoices, properties };
}
