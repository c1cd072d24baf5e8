import { data } from "react-router";
import type { Route } from "./+types/analytics-campaigns-csv";
import { getDb } from "#db/database.ts";
import { CAMPAIGN_ROWS_LIMIT } from "#server/analytics/breakdowns.ts";
import { writeCampaignsCsv } from "#server/analytics/campaigns-csv.ts";
import { readCampaignsWithConversions } from "#server/analytics/campaigns-with-conversions.ts";
import { readAnalyticsParams } from "#server/analytics/page-params.ts";
import { resolvePeriod } from "#server/analytics/period.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";

/** The Analytics page's campaigns table, with the same range, filters and order, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const params = readAnalyticsParams(new URL(request.url).searchParams);
  if (params.problems.length) throw data(params.problems.join("; "), { status: 400 });
  try {
    const period = await resolvePeriod(getDb(), { teamId: team.id, query: params.query });
    const { channel, campaignId } = params.query;
    const { rows } = await readCampaignsWithConversions(getDb(), {
      teamId: team.id,
      timeZone: period.timeZone,
      from: period.from,
      to: period.to,
      channel,
      campaignId,
      sort: params.sort,
      limit: CAMPAIGN_ROWS_LIMIT,
    });
    return new Response(writeCampaignsCsv(rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="campaigns-${period.from}-to-${period.to}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Campaign not found.", { status: 404 });
    throw error;
  }
}
