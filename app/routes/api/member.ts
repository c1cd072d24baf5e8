import type { Route } from "./+types/member";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { changeMemberRole, removeMember } from "#server/members/members.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { ChangeRoleSchema } from "#shared/teams/member-schemas.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}

/** PATCH `{ role }` changes a member's role; DELETE removes them from the team (or, for oneself, leaves it). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    if (request.method === "DELETE") {
      await removeMember(getDb(), { access, userId: params.userId });
      return new Response(null, { status: 204 });
    }
    const { role } = await readJsonBody(request, ChangeRoleSchema);
    const member = await changeMemberRole(getDb(), { access, userId: params.userId, role });
    return Response.json({ data: { ...member, role: toApiRole(member.role) } });
  });
}
