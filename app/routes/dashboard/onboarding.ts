import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/onboarding";
import { getDb } from "#db/database.ts";
import { dismissOnboarding, keepOutbox } from "#server/onboarding/checklist.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";

const OnboardingActionSchema = z.object({
  intent: z.enum(["dismiss", "keep-outbox"], { error: "Choose dismiss or keep-outbox" }),
});

// The checklist lives on the Dashboard; this URL only takes its two buttons' posts.
export function loader() {
  return redirect("/dashboard");
}

// Dismissing the checklist and keeping the outbox set the team up, a manager's: the role is
// checked before the form so a Viewer hears that rather than a complaint about the intent.
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "team-settings.manage");
  const submission = parseWithZod(await request.formData(), { schema: OnboardingActionSchema });
  if (submission.status !== "success")
    return data({ message: "intent: Choose dismiss or keep-outbox" }, { status: 400 });
  if (submission.value.intent === "dismiss") await dismissOnboarding(getDb(), { access });
  else await keepOutbox(getDb(), { access });
  const toast =
    submission.value.intent === "dismiss"
      ? { type: "success" as const, title: "Checklist dismissed" }
      : { type: "success" as const, title: "Outbox kept", description: "Campaign messages go to the built-in outbox." };
  return redirect("/dashboard", { headers: { "Set-Cookie": await flashToasts(toast) } });
});
