import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/account-sessions";
import { SessionsTable } from "#app/components/account/sessions-table.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { formInvalid } from "#app/http/forms.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";
import { SessionActionSchema } from "#shared/account/schemas.ts";
import { describeUserAgent } from "#shared/account/user-agent.ts";
import { listUserSessions, revokeOtherSessions, revokeUserSession } from "#server/auth/user-sessions.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sessions · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, sessionId } = context.get(sessionContext);
  const sessions = await listUserSessions(getDb(), { userId: user.id, currentSessionId: sessionId });
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      client: describeUserAgent(session.userAgent),
      ip: session.ip,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      current: session.current,
    })),
  };
}

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user, sessionId } = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: SessionActionSchema });
  if (submission.status !== "success") return formInvalid(submission);
  let description = "That session is signed out.";
  if (submission.value.intent === "revoke") {
    await revokeUserSession(getDb(), { userId: user.id, sessionId: submission.value.sessionId });
  } else {
    const ended = await revokeOtherSessions(getDb(), { userId: user.id, keepSessionId: sessionId });
    description = `${ended} other session${ended === 1 ? "" : "s"} signed out.`;
  }
  const toast = await flashToasts({ type: "success", title: "Signed out", description });
  return redirect("/dashboard/account/sessions", { headers: { "Set-Cookie": toast } });
});

export default function AccountSessions({ loaderData, actionData }: Route.ComponentProps) {
  const others = loaderData.sessions.filter((session) => !session.current).length;
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Where your account is signed in. Signing a session out ends its access at once."
      />
      <div className="flex flex-col gap-4">
        <SessionsTable sessions={loaderData.sessions} />
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-others" />
            <Button type="submit" variant="outline">
              Sign out everywhere else
            </Button>
          </Form>
        ) : null}
      </div>
      <Toasts toasts={actionData && "toasts" in actionData ? actionData.toasts : undefined} />
    </>
  );
}
