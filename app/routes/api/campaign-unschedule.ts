import type { Route } from "./+types/campaign-unschedule";
import { getDb } from "#db/database.ts";
import { unscheduleCampaign } from "#server/campaigns/schedule.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await unscheduleCampaign(getDb(), { teamId: team.id, campaignId: params.id }) });
  });
}
