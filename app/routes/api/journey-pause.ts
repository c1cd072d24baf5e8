import type { Route } from "./+types/journey-pause";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { pauseJourney } from "#server/journeys/states.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "journeys.start");
    return Response.json({ data: await pauseJourney(getDb(), { access, journeyId: params.id }) });
  });
}
