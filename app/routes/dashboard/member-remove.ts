import { redirect } from "react-router";
import type { Route } from "./+types/member-remove";
import { getDb } from "#db/database.ts";
import { removeMember } from "#server/members/members.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";

const MEMBERS_PATH = "/dashboard/settings/members";

export function loader() {
  return redirect(MEMBERS_PATH);
}

/**
 * Remove (or, on one's own row, Leave team). Someone who left goes to the dashboard,
 * where their session has moved to another of their teams.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const leaving = params.id === session.user.id;
  try {
    await removeMember(getDb(), { access: accessOf(session), userId: params.id });
  } catch (error) {
    return redirectWithRefusal(MEMBERS_PATH, error, leaving ? "You are still in the team" : "Member not removed");
  }
  return leaving
    ? redirectWithToast("/dashboard", {
        type: "success",
        title: "You left the team",
        description: `You left ${session.team.name}.`,
      })
    : redirectWithToast(MEMBERS_PATH, {
        type: "success",
        title: "Member removed",
        description: "They no longer have access to this team.",
      });
}
