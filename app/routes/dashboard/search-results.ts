import type { Route } from "./+types/search-results";
import { getDb } from "#db/database.ts";
import { handleApi } from "#server/http/api.ts";
import { readSearchQuery, searchWorkspace } from "#server/search/workspace-search.ts";
import { sessionContext } from "#app/http/context.ts";

/** The top bar's results as you type, as JSON, for the signed-in browser session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  return handleApi(async () => {
    const query = readSearchQuery(new URL(request.url).searchParams.get("q"));
    const results = await searchWorkspace(getDb(), { teamId: team.id, query });
    return Response.json(results, { headers: { "Cache-Control": "no-store" } });
  });
}
