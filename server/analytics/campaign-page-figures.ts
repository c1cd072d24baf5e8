import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { readAnalyticsVersions, readKeptFigures } from "./analytics-versions.ts";
import { readCampaignConversions } from "./campaign-conversions.ts";
import { readCampaignTimeline } from "./campaign-timeline.ts";
import { isId } from "#db/ids.ts";

/**
 * The campaign page's figures drawn from the campaign rollups: the opens and clicks
 * over time and the conversions, with the team's zone they are written in. Both are
 * kept per process while the team's `campaigns` version holds (every write to
 * `campaign_hourly_stats`, `campaign_conversion_hourly` and `campaigns` counts in
 * it), so a page viewed again reads one version row instead of three statements, and
 * the chart drawn from the kept timeline is kept with it. Nothing committed before
 * the request is missing: the version is read first. Another team's campaign is
 * NOT_FOUND (from the conversions' own check).
 */
export async function readCampaignPageFigures(db: Database, options: { teamId: string; campaignId: string }) {
  const { teamId, campaignId } = options;
  // A malformed id is nobody's campaign; checked first, so no statement is sent with it.
  if (!isId(campaignId)) throw new AppError("NOT_FOUND", "Campaign not found.");
  const [timeZone, versions] = await Promise.all([teamTimeZone(db, teamId), readAnalyticsVersions(db, teamId)]);
  const [timeline, conversions] = await Promise.all([
    readKeptFigures("campaigns", versions, ["campaign-timeline", teamId, campaignId, timeZone], () =>
      readCampaignTimeline(db, { teamId, campaignId, timeZone }),
    ),
    readKeptFigures("campaigns", versions, ["campaign-conversions", teamId, campaignId], () =>
      readCampaignConversions(db, { teamId, campaignId }),
    ),
  ]);
  return { timeZone, timeline, conversions };
}
