import type { Route } from "./+types/campaign-schedule";
import { getDb } from "#db/database.ts";
import { scheduleCampaign } from "#server/campaigns/schedule.ts";
import { ScheduleSchema } from "#shared/campaigns/schemas.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const { scheduledTime } = await readJsonBody(request, ScheduleSchema);
    return Response.json({
      data: await scheduleCampaign(getDb(), { teamId: team.id, campaignId: params.id, scheduledTime }),
    });
  });
}
