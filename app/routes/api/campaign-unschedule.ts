import type { Route } from "./+types/campaign-unschedule";
import { getDb } from "#db/database.ts";
import { unscheduleCampaign } from "#server/campaigns/schedule.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "campaigns.send");
    return Response.json({ data: await unscheduleCampaign(getDb(), { access, campaignId: params.id }) });
  });
}
