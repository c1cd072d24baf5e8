import type { Route } from "./+types/campaigns";
import { getDb } from "#db/database.ts";
import { campaignsPage, createCampaign } from "#server/campaigns/campaigns.ts";
import { CampaignInputSchema, ListCampaignsQuerySchema } from "#shared/campaigns/schemas.ts";
import { handleApi, methodNotAllowed, parseQuery, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, ListCampaignsQuerySchema);
    const page = await campaignsPage(getDb(), { teamId: team.id, after: query.cursor, limit: query.limit });
    return Response.json({ data: page.campaigns, nextCursor: page.nextCursor });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "campaigns.write");
    const input = await readJsonBody(request, CampaignInputSchema);
    return Response.json({ data: await createCampaign(getDb(), { access, input }) }, { status: 201 });
  });
}
