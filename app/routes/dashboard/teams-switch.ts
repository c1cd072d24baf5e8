import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/teams-switch";
import { getDb } from "#db/database.ts";
import { switchTeam } from "#server/members/teams.ts";
import { sessionContext } from "#app/http/context.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { SwitchTeamSchema } from "#shared/teams/member-schemas.ts";

// Only the team menu's forms post here; a GET has nothing to show.
export function loader() {
  return redirect("/dashboard");
}

/** Switch Team: the session's current team becomes the chosen one, and the dashboard opens on it. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: SwitchTeamSchema });
  if (submission.status !== "success") return redirect("/dashboard");
  try {
    const team = await switchTeam(getDb(), {
      sessionId: session.sessionId,
      userId: session.user.id,
      teamId: submission.value.teamId,
    });
    return redirectWithToast("/dashboard", {
      type: "success",
      title: "Team switched",
      description: `You are now working in ${team.name}.`,
    });
  } catch (error) {
    return redirectWithRefusal("/dashboard", error, "Team not switched");
  }
}
