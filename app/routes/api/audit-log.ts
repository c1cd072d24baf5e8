import type { Route } from "./+types/audit-log";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { auditLogPage } from "#server/audit-log/entries.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { AuditLogQuerySchema } from "#shared/audit/schemas.ts";

/** `GET /api/audit-log?actor&action&from&to&cursor&limit`: the team's log, newest first; Owners and Admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    const { cursor, limit, ...filter } = parseQuery(request, AuditLogQuerySchema);
    const timeZone = await teamTimeZone(getDb(), access.teamId);
    const page = await auditLogPage(getDb(), { access, timeZone, filter, after: cursor, limit });
    return Response.json({
      data: page.rows.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      nextCursor: page.nextCursor,
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
