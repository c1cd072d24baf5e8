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
import { listSegmentChoices } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create Campaign · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const segments = await listSegmentChoices(getDb(), { teamId: team.id });
  return { segments: segments.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { team } = context.get(sessionContext);
  return answerCampaignForm(request, {
    teamId: team.id,
    save: (input) => createCampaign(getDb(), { teamId: team.id, input }),
    successMessage: "Campaign created successfully",
  });
}

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
