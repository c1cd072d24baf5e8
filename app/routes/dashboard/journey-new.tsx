import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/journey-new";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { JOURNEYS_PATH } from "#app/components/journeys/describe-step.ts";
import { SettingsForm } from "#app/components/journeys/settings-form.tsx";
import {
  settingsFormDefaults,
  settingsFromForm,
  SettingsFormSchema,
} from "#app/components/journeys/settings-form-schema.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { formInvalid } from "#app/http/forms.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getDb } from "#db/database.ts";
import { createJourneyFromSettings } from "#server/journeys/journey-settings.ts";
import { listSegmentChoices } from "#server/segments/segments.ts";
import { settingsRefused } from "./journey-answers.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "New journey · Murmur" }];

export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "journeys.write");
  return { segments: await listSegmentChoices(getDb(), { teamId: access.teamId }) };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "journeys.write");
  const submission = parseWithZod(await request.formData(), { schema: SettingsFormSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    const journey = await createJourneyFromSettings(getDb(), { access, settings: settingsFromForm(submission.value) });
    const toast = await flashToasts({ type: "success", title: "Journey created", description: "Now add its steps." });
    return redirect(`${JOURNEYS_PATH}/${journey.id}`, { headers: { "Set-Cookie": toast } });
  } catch (error) {
    return settingsRefused(submission, error);
  }
});

export default function NewJourney({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="New journey" description="Name it and say how contacts enter; you add its steps next." />
      <SettingsForm
        action={`${JOURNEYS_PATH}/new`}
        defaults={settingsFormDefaults(null)}
        segments={loaderData.segments}
        lastResult={actionData?.result}
        submitLabel="Create journey"
      />
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
