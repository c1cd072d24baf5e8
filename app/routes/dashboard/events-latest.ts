import type { Route } from "./+types/events-latest";
import { getDb } from "#db/database.ts";
import { newestEventKey } from "#server/events/list.ts";
import { sessionContext } from "#app/http/context.ts";

/** The key of the team's newest event, polled by the live feed to know when to reload. */
export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const newest = await newestEventKey(getDb(), { teamId: team.id });
  return Response.json({ newest }, { headers: { "Cache-Control": "no-store" } });
}
