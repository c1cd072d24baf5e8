import type { Route } from "./+types/campaign-recipients";
import { getDb } from "#db/database.ts";
import { requireTeamCampaignId } from "#server/campaigns/team-campaign.ts";
import { listRecipients } from "#server/delivery/recipient-outcomes.ts";
import { RecipientsQuerySchema } from "#server/delivery/recipients-query.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

/** A campaign's recipients, all or one `outcome`, a keyset page at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, RecipientsQuerySchema);
    const db = getDb();
    const campaignId = await requireTeamCampaignId(db, { teamId: team.id, campaignId: params.id });
    const page = await listRecipients(db, {
      campaignId,
      outcome: query.outcome,
      after: query.cursor,
      limit: query.limit ?? 50,
    });
    return Response.json({ data: page.rows.map(({ key: _, ...row }) => row), nextCursor: page.nextCursor });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
