import type { Route } from "./+types/members";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { listMembers } from "#server/members/members.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const members = await listMembers(getDb(), { access: accessOf(await requireApiUser(request)) });
    return Response.json({ data: members.map((member) => ({ ...member, role: toApiRole(member.role) })) });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
