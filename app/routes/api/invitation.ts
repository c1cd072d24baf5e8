import type { Route } from "./+types/invitation";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { revokeInvitation } from "#server/members/invitations.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE revokes an open invitation: its link stops working. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    await revokeInvitation(getDb(), { access, invitationId: params.id });
    return new Response(null, { status: 204 });
  });
}
