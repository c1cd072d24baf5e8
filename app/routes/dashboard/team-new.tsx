import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/team-new";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { CreateTeamForm } from "#app/components/members/create-team-form.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { getDb } from "#db/database.ts";
import { createTeam, switchTeam } from "#server/members/teams.ts";
import { sessionContext } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { CreateTeamSchema } from "#shared/teams/member-schemas.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create team · Murmur" }];

/** Creates the team and switches the session to it, so the person starts working there. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: CreateTeamSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    const team = await createTeam(getDb(), { userId: session.user.id, name: submission.value.name });
    await switchTeam(getDb(), { sessionId: session.sessionId, userId: session.user.id, teamId: team.id });
    return redirectWithToast("/dashboard", {
      type: "success",
      title: "Team created",
      description: `You are now working in ${team.name}.`,
    });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Team not created" });
  }
}

export default function NewTeam({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Create team"
        description="A new workspace with its own contacts, segments and campaigns. You will be its Owner."
      />
      <CreateTeamForm lastResult={actionData?.result} />
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
