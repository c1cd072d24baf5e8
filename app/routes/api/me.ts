import type { Route } from "./+types/me";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { listTeamsOf } from "#server/members/teams.ts";
import { requireApiUser } from "#app/http/session.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user, team } = await requireApiUser(request);
    const teams = await listTeamsOf(getDb(), { userId: user.id });
    return Response.json({
      data: {
        user,
        team: { ...team, role: toApiRole(team.role) },
        teams: teams.map((one) => ({ ...one, role: toApiRole(one.role) })),
      },
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
