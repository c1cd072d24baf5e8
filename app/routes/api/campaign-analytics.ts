import type { Route } from "./+types/campaign-analytics";
import { getDb } from "#db/database.ts";
import { readCampaignAnalytics } from "#server/analytics/campaign-analytics.ts";
import { handleApi } from "#server/http/api.ts";
import { requireId } from "#server/http/params.ts";
import { requireApiUser } from "#app/http/session.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const campaignId = requireId(params.id, "Campaign not found.");
    return Response.json({ data: await readCampaignAnalytics(getDb(), { teamId: team.id, campaignId }) });
  });
}
