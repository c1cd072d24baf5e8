import type { Route } from "./+types/campaign";
import { getDb } from "#db/database.ts";
import { deleteCampaign, getCampaign, updateCampaign } from "#server/campaigns/campaigns.ts";
import { CampaignInputSchema } from "#shared/campaigns/schemas.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await getCampaign(getDb(), { teamId: team.id, campaignId: params.id }) });
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "campaigns.write");
    const target = { access, campaignId: params.id };
    if (request.method === "PUT") {
      const input = await readJsonBody(request, CampaignInputSchema);
      return Response.json({ data: await updateCampaign(getDb(), { ...target, input }) });
    }
    if (request.method === "DELETE") {
      await deleteCampaign(getDb(), target);
      return new Response(null, { status: 204 });
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
