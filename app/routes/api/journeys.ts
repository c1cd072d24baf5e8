import type { Route } from "./+types/journeys";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, parseQuery, readJsonBody } from "#server/http/api.ts";
import { createJourney } from "#server/journeys/journeys.ts";
import { listJourneys, ListJourneysQuerySchema } from "#server/journeys/journey-list.ts";
import { JourneyInputSchema } from "#shared/journeys/definition.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, ListJourneysQuerySchema);
    const page = await listJourneys(getDb(), { teamId: team.id, after: query.cursor, limit: query.limit });
    return Response.json({ data: page.rows, nextCursor: page.nextCursor });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "journeys.write");
    // One schema for the whole definition: a bad step is a 400 naming its path ("steps.0.timedOut.1.seconds").
    const input = await readJsonBody(request, JourneyInputSchema);
    return Response.json({ data: await createJourney(getDb(), { access, input }) }, { status: 201 });
  });
}
