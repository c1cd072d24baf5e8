import type { Route } from "./+types/events-export";
import { readEventsQuery } from "#app/components/events/events-query.ts";
import { getDb } from "#db/database.ts";
import { csvDownload } from "#server/csv-stream.ts";
import { streamEventsCsv } from "#server/events/export.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { sessionContext } from "#app/http/context.ts";

/** Every event the page's filters match, as CSV, streamed a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const query = readEventsQuery(new URL(request.url).searchParams);
  const timeZone = await teamTimeZone(getDb(), team.id);
  const body = streamEventsCsv(getDb(), {
    teamId: team.id,
    timeZone,
    search: query.q,
    name: query.name,
    from: query.from,
    to: query.to,
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(body, `events-${day}.csv`);
}
