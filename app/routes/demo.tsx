import { Play } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/demo";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { startDemo } from "#server/demo/start-demo.ts";
import { isAppError } from "#server/errors.ts";
import { clientOf } from "#app/http/context.ts";
import { getSessionUser, startSessionCookie } from "#app/http/session.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Watch Demo · Murmur" }];

// Starting a demo writes thousands of rows, so it is a POST; a GET shows the button that starts it.
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await getSessionUser(request);
  const { ip } = clientOf(request, context);
  let started;
  try {
    started = await startDemo(getDb(), {
      session: signedIn && { sessionId: signedIn.sessionId, userId: signedIn.user.id },
      client: { ip, userAgent: request.headers.get("User-Agent") },
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
    const headers = { "Retry-After": String(error.retryAfterSeconds ?? 3600) };
    return data({ message: error.message }, { status: 429, headers });
  }
  const headers = new Headers();
  if (started.session)
    headers.append("Set-Cookie", await startSessionCookie(started.session.token, started.session.expiresAt));
  headers.append(
    "Set-Cookie",
    await flashToasts({ type: "success", title: "Demo ready", description: "You are looking at demo data." }),
  );
  return redirect("/dashboard", { headers });
}

export default function Demo({ actionData }: Route.ComponentProps) {
  const starting = useNavigation().state === "submitting";
  return (
    <AuthCard
      title={actionData ? "Too many demos" : "Watch Demo"}
      description="A demo team with a fictional product's contacts, events, segments and sent campaigns. Nothing is sent to anyone."
      footer={<Link to="/">Back to the home page</Link>}
    >
      {actionData ? (
        <p role="alert" className="text-sm text-destructive">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" action="/demo">
        <Button type="submit" className="w-full" disabled={starting}>
          <Play aria-hidden="true" />
          {starting ? "Preparing the demo..." : "Start the demo"}
        </Button>
      </Form>
    </AuthCard>
  );
}
