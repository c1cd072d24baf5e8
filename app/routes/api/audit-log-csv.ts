import type { Route } from "./+types/audit-log-csv";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { streamAuditLogCsv } from "#server/audit-log/csv.ts";
import { csvDownload } from "#server/csv-stream.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { AuditLogFilterSchema } from "#shared/audit/schemas.ts";

/** `GET /api/audit-log.csv?actor&action&from&to`: every matching entry as CSV, streamed; Owners and Admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    const filter = parseQuery(request, AuditLogFilterSchema);
    const timeZone = await teamTimeZone(getDb(), access.teamId);
    const body = streamAuditLogCsv(getDb(), { access, timeZone, filter });
    return csvDownload(body, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
