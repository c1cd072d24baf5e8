import { data } from "react-router";
import type { Route } from "./+types/broadcast-recipients-csv";
import { getDb } from "#db/database.ts";
import { requireTeamCampaignId } from "#server/campaigns/team-campaign.ts";
import { recipientsCsvResponse } from "#server/delivery/recipients-csv.ts";
import { readOutcome } from "#server/delivery/recipients-query.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";

/** The campaign page's recipients with the outcome it shows, as CSV ("who clicked"), streamed a page at a time. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const outcome = readOutcome(new URL(request.url).searchParams.get("outcome"));
  const db = getDb();
  try {
    const campaignId = await requireTeamCampaignId(db, { teamId: team.id, campaignId: params.id });
    return recipientsCsvResponse(db, { campaignId, outcome });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Campaign not found.", { status: 404 });
    throw error;
  }
}
