import type { Route } from "./+types/teams";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { createTeam, listTeamsOf } from "#server/members/teams.ts";
import { requireApiUser } from "#app/http/session.ts";
import { CreateTeamSchema } from "#shared/teams/member-schemas.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(request);
    const teams = await listTeamsOf(getDb(), { userId: user.id });
    return Response.json({ data: teams.map((team) => ({ ...team, role: toApiRole(team.role) })) });
  });
}

/** POST `{ name }` creates a team with the caller as its Owner; the session stays on its current team. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { user } = await requireApiUser(request);
    const { name } = await readJsonBody(request, CreateTeamSchema);
    const team = await createTeam(getDb(), { userId: user.id, name });
    return Response.json({ data: { ...team, role: toApiRole(team.role) } }, { status: 201 });
  });
}
