import { type AnalyticsQuery, AnalyticsQuerySchema } from "./schemas.ts";
import { CAMPAIGN_SORTS, type CampaignSort } from "./breakdowns.ts";
import { EVENT_NAMES_LIMIT } from "./event-trends.ts";

export type AnalyticsParams = {
  query: AnalyticsQuery;
  sort: CampaignSort;
  eventNames: string[];
  /** The event property whose top values the page shows, or null for none. */
  property: string | null;
  /** Every campaign of the range in the table (`campaigns=all`), not only the top of its order. */
  allCampaigns: boolean;
  problems: string[];
};

/**
 * The Analytics page's GET parameters. A bad one is named in `problems` and left
 * out (the page shows the default in its place) rather than failing the page: a
 * bookmarked link with a typo still opens. `event` may repeat (up to 5 names);
 * `property` names one event property (up to 200 characters); `campaigns=all` lists
 * every campaign of the range rather than the top of the order.
 */
export function readAnalyticsParams(search: URLSearchParams): AnalyticsParams {
  const problems: string[] = [];
  const raw = Object.fromEntries(
    ["range", "from", "to", "channel", "campaignId"].map((key) => [key, search.get(key) ?? undefined]),
  );
  // The range select sends "custom" when from and to are given instead.
  if (raw.range === "custom") raw.range = undefined;
  let query: AnalyticsQuery = {};
  const parsed = AnalyticsQuerySchema.safeParse(raw);
  if (parsed.success) query = parsed.data;
  else {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".") || "range"}: ${issue.message}`);
    const kept = AnalyticsQuerySchema.safeParse({ channel: raw.channel, campaignId: raw.campaignId, range: raw.range });
    if (kept.success) query = kept.data;
  }
  const sortParam = search.get("sort");
  const sort = (CAMPAIGN_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CampaignSort) : "sent";
  if (sortParam && sort !== sortParam) problems.push(`sort: Choose one of ${CAMPAIGN_SORTS.join(", ")}.`);
  const eventNames = [...new Set(search.getAll("event").filter((name) => name !== "" && name.length <= 200))].slice(
    0,
    EVENT_NAMES_LIMIT,
  );
  const propertyParam = search.get("property") || null;
  const property = propertyParam && propertyParam.length <= 200 ? propertyParam : null;
  if (propertyParam && !property) problems.push("property: A property name is at most 200 characters.");
  const allCampaigns = search.get("campaigns") === "all";
  return { query, sort, eventNames, property, allCampaigns, problems };
}
