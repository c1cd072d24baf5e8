import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/settings-frequency";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { frequencyFormValues } from "#app/components/settings/frequency-form-values.ts";
import { FrequencySettingsForm } from "#app/components/settings/frequency-settings-form.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getFrequencySettings, saveFrequencySettings } from "#server/frequency/settings.ts";
import { FrequencySettingsFormSchema } from "#shared/frequency/schemas.ts";

const PATH = "/dashboard/settings/frequency";

export const meta: Route.MetaFunction = () => [{ title: "Frequency caps · Settings · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const settings = await getFrequencySettings(getDb(), { teamId: team.id });
  return { defaults: frequencyFormValues(settings) };
}

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "frequency-settings.manage");
  const submission = parseWithZod(await request.formData(), { schema: FrequencySettingsFormSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await saveFrequencySettings(getDb(), { access, input: submission.value });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({
    type: "success",
    title: "Success",
    description: "Frequency caps and quiet hours saved",
  });
  return redirect(PATH, { headers: { "Set-Cookie": toast } });
});

export default function FrequencySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Frequency caps and quiet hours"
        description="How many marketing messages a contact gets, and when not, across broadcasts and journeys."
      />
      <Card>
        <CardContent className="pt-6">
          <FrequencySettingsForm defaults={loaderData.defaults} lastResult={actionData?.result} />
        </CardContent>
      </Card>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
