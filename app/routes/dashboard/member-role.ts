import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/member-role";
import { getDb } from "#db/database.ts";
import { changeMemberRole } from "#server/members/members.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { ChangeRoleSchema } from "#shared/teams/member-schemas.ts";
import { TEAM_ROLE_LABELS } from "#shared/teams/roles.ts";

const MEMBERS_PATH = "/dashboard/settings/members";

export function loader() {
  return redirect(MEMBERS_PATH);
}

/** A member's role form: saves the role and goes back to the list, saying what happened. */
export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "members.manage");
  const submission = parseWithZod(await request.formData(), { schema: ChangeRoleSchema });
  if (submission.status !== "success") {
    return redirectWithToast(MEMBERS_PATH, {
      type: "error",
      title: "Role not changed",
      description: "Choose a role from the list.",
    });
  }
  try {
    const member = await changeMemberRole(getDb(), { access, userId: params.id, role: submission.value.role });
    return redirectWithToast(MEMBERS_PATH, {
      type: "success",
      title: "Role changed",
      description: `${member.name} is now ${TEAM_ROLE_LABELS[member.role]}.`,
    });
  } catch (error) {
    return redirectWithRefusal(MEMBERS_PATH, error, "Role not changed");
  }
});
