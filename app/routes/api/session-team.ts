import type { Route } from "./+types/session-team";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { switchTeam } from "#server/members/teams.ts";
import { requireApiUser } from "#app/http/session.ts";
import { SwitchTeamSchema } from "#shared/teams/member-schemas.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST `{ teamId }` makes that team the session's current one; a team the caller is not in is a 404. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const session = await requireApiUser(request);
    const { teamId } = await readJsonBody(request, SwitchTeamSchema);
    const team = await switchTeam(getDb(), { sessionId: session.sessionId, userId: session.user.id, teamId });
    return Response.json({ data: { ...team, role: toApiRole(team.role) } });
  });
}
