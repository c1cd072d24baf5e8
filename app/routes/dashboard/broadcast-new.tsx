import type { Route } from "./+types/broadcast-new";
import { CampaignDialogErrorBoundary } from "#app/components/broadcasts/campaign-dialog-error.tsx";
import { CampaignForm, type CampaignFormDefaults } from "#app/components/broadcasts/campaign-form.tsx";
import { goalFormDefaults } from "#shared/campaigns/conversion-goal.ts";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { getDb } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { answerCampaignForm } from "./campaign-form-action.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { listSegmentChoices } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create Campaign · Murmur" }];

export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  const segments = await listSegmentChoices(getDb(), { teamId: access.teamId });
  return { segments: segments.map(({ id, name }) => ({ id, name })) };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  return answerCampaignForm(request, {
    teamId: access.teamId,
    save: (input) => createCampaign(getDb(), { access, input }),
    successMessage: "Campaign created successfully",
  });
});

const NEW_CAMPAIGN: CampaignFormDefaults = {
  name: "",
  type: "EMAIL",
  subject: "",
  content: "",
  contentFormat: "HTML",
  whatsapp: { template: "", language: "", parameters: "" },
  segmentIds: [],
  scheduledTime: "",
  conversionGoal: goalFormDefaults(null),
  ignoreFrequencyCaps: false,
};

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog
      wide
      title="Create New Campaign"
      description="Starts as a draft; schedule it from the list when it is ready."
      closeTo={BROADCASTS_PATH}
    >
      <CampaignForm
        action={`${BROADCASTS_PATH}/new`}
        lastResult={actionData?.result}
        preview={actionData?.preview}
        defaults={NEW_CAMPAIGN}
        segments={loaderData.segments}
        submitLabel="Create Campaign"
        pendingLabel="Creating..."
      />
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
