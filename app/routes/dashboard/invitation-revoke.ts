import { redirect } from "react-router";
import type { Route } from "./+types/invitation-revoke";
import { getDb } from "#db/database.ts";
import { revokeInvitation } from "#server/members/invitations.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";

const MEMBERS_PATH = "/dashboard/settings/members";

export function loader() {
  return redirect(MEMBERS_PATH);
}

/** Revoke: the invitation's link stops working at once. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    await revokeInvitation(getDb(), { access: accessOf(context.get(sessionContext)), invitationId: params.id });
  } catch (error) {
    return redirectWithRefusal(MEMBERS_PATH, error, "Invitation not revoked");
  }
  return redirectWithToast(MEMBERS_PATH, {
    type: "success",
    title: "Invitation revoked",
    description: "Its link no longer works.",
  });
}
