import type { Route } from "./+types/invitations-accept";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { acceptInvitation } from "#server/members/accept-invitation.ts";
import { requireApiUser } from "#app/http/session.ts";
import { AcceptInvitationSchema } from "#shared/teams/member-schemas.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST `{ token }` with the invitee's Bearer token joins them to the invited team. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { user } = await requireApiUser(request);
    const { token } = await readJsonBody(request, AcceptInvitationSchema);
    const joined = await acceptInvitation(getDb(), { token, userId: user.id });
    return Response.json({ data: { teamId: joined.teamId, role: toApiRole(joined.role) } });
  });
}
