import type { Route } from "./+types/campaign-schedule";
import { getDb } from "#db/database.ts";
import { scheduleCampaign } from "#server/campaigns/schedule.ts";
import { ScheduleSchema } from "#shared/campaigns/schemas.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "campaigns.send");
    const { scheduledTime } = await readJsonBody(request, ScheduleSchema);
    return Response.json({
      data: await scheduleCampaign(getDb(), { access, campaignId: params.id, scheduledTime }),
    });
  });
}
