import { data, type RouterContextProvider } from "react-router";
import { getDb } from "../../db/database.ts";
import { getCampaign } from "./campaigns.ts";
import { isAppError } from "../errors.ts";
import { sessionContext } from "../../app/http/context.ts";

/**
 * For the campaign dialog routes: the signed-in team and its campaign, or a 404
 * page when the id is malformed, unknown or another team's.
 */
export async function requireTeamCampaign(context: Readonly<RouterContextProvider>, campaignId: string | undefined) {
  const { team } = context.get(sessionContext);
  try {
    const campaign = await getCampaign(getDb(), { teamId: team.id, campaignId: campaignId ?? "" });
    return { team, campaign };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Campaign not found.", { status: 404 });
    throw error;
  }
}
