import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/onboarding";
import { getDb } from "#db/database.ts";
import { dismissOnboarding, keepOutbox } from "#server/onboarding/checklist.ts";
import { sessionContext } from "#app/http/context.ts";
import { flashToasts } from "#app/http/toast.ts";

const OnboardingActionSchema = z.object({
  intent: z.enum(["dismiss", "keep-outbox"], { error: "Choose dismiss or keep-outbox" }),
});

// The checklist lives on the Dashboard; this URL only takes its two buttons' posts.
export function loader() {
  return redirect("/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { team } = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: OnboardingActionSchema });
  if (submission.status !== "success")
    return data({ message: "intent: Choose dismiss or keep-outbox" }, { status: 400 });
  const teamId = team.id;
  if (submission.value.intent === "dismiss") await dismissOnboarding(getDb(), { teamId });
  else await keepOutbox(getDb(), { teamId });
  const toast =
    submission.value.intent === "dismiss"
      ? { type: "success" as const, title: "Checklist dismissed" }
      : { type: "success" as const, title: "Outbox kept", description: "Campaign messages go to the built-in outbox." };
  return redirect("/dashboard", { headers: { "Set-Cookie": await flashToasts(toast) } });
}
