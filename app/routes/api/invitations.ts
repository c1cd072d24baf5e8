import type { Route } from "./+types/invitations";
import { getDb } from "#db/database.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { createInvitation, listInvitations } from "#server/members/invitations.ts";
import { accessOf, requireAccess } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { InviteMemberSchema } from "#shared/teams/member-schemas.ts";
import { toApiRole } from "#shared/teams/roles.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const invitations = await listInvitations(getDb(), { access: accessOf(await requireApiUser(request)) });
    return Response.json({ data: invitations.map((one) => ({ ...one, role: toApiRole(one.role) })) });
  });
}

/** POST `{ email, role }` invites someone; the answer's acceptUrl is the mailed link, shown this once. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    // The role first: a Viewer hears that it cannot invite, not what the body lacks.
    const access = requireAccess(await requireApiUser(request), "members.manage");
    const input = await readJsonBody(request, InviteMemberSchema);
    const sent = await createInvitation(getDb(), { access, ...input, baseUrl: publicBaseUrl(request) });
    return Response.json({ data: { ...sent, role: toApiRole(sent.role) } }, { status: 201 });
  });
}
