import type { Route } from "./+types/invitation-resend";
import { getDb } from "#db/database.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { resendInvitation } from "#server/members/invitations.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST mails an open invitation again with a new link, valid 7 days; the old link stops working. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    const sent = await resendInvitation(getDb(), { access, invitationId: params.id, baseUrl: publicBaseUrl(request) });
    return Response.json({ data: { ...sent, role: toApiRole(sent.role) } });
  });
}
