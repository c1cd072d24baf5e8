import type { Route } from "./+types/journey";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { deleteJourney, getJourney, updateJourney } from "#server/journeys/journeys.ts";
import { JourneyInputSchema } from "#shared/journeys/definition.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await getJourney(getDb(), { teamId: team.id, journeyId: params.id }) });
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "journeys.write");
    if (request.method === "PUT") {
      const input = await readJsonBody(request, JourneyInputSchema);
      return Response.json({ data: await updateJourney(getDb(), { access, journeyId: params.id, input }) });
    }
    if (request.method === "DELETE") {
      await deleteJourney(getDb(), { access, journeyId: params.id });
      return new Response(null, { status: 204 });
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
