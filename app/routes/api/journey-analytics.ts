import type { Route } from "./+types/journey-analytics";
import { getDb } from "#db/database.ts";
import { handleApi } from "#server/http/api.ts";
import { journeyAnalytics } from "#server/journeys/journey-stats.ts";
import { requireApiUser } from "#app/http/session.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await journeyAnalytics(getDb(), { teamId: team.id, journeyId: params.id }) });
  });
}
