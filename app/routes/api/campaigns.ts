import type { Route } from "./+types/campaigns";
import { getDb } from "../../../db/database.ts";
import { createCampaign, listCampaigns } from "../../../server/campaigns/campaigns.ts";
import { CampaignInputSchema } from "../../../server/campaigns/schemas.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "../../../server/http/api.ts";
import { requireApiUser } from "../../../server/http/session.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await listCampaigns(getDb(), { teamId: team.id }) });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const input = await readJsonBody(request, CampaignInputSchema);
    return Response.json({ data: await createCampaign(getDb(), { teamId: team.id, input }) }, { status: 201 });
  });
}
