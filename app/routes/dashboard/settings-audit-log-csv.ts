import type { Route } from "./+types/settings-audit-log-csv";
import { readAuditLogFilter } from "#app/components/audit-log/audit-log-query.ts";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { streamAuditLogCsv } from "#server/audit-log/csv.ts";
import { csvDownload } from "#server/csv-stream.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";

/** Every entry the page's filters match, as CSV, streamed a page at a time. */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const access = accessOf(context.get(sessionContext));
  const filter = readAuditLogFilter(new URL(request.url).searchParams);
  const timeZone = await teamTimeZone(getDb(), access.teamId);
  const body = streamAuditLogCsv(getDb(), { access, timeZone, filter });
  return csvDownload(body, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
});
