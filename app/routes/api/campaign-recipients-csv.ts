import type { Route } from "./+types/campaign-recipients-csv";
import { getDb } from "#db/database.ts";
import { requireTeamCampaignId } from "#server/campaigns/team-campaign.ts";
import { recipientsCsvResponse } from "#server/delivery/recipients-csv.ts";
import { RecipientsQuerySchema } from "#server/delivery/recipients-query.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

/** A campaign's recipients, all or one `outcome`, as CSV streamed a page at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const { outcome = null } = parseQuery(request, RecipientsQuerySchema.pick({ outcome: true }));
    const db = getDb();
    const campaignId = await requireTeamCampaignId(db, { teamId: team.id, campaignId: params.id });
    return recipientsCsvResponse(db, { campaignId, outcome });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
