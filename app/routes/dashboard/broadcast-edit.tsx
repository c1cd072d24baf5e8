import { Link } from "react-router";
import type { Route } from "./+types/broadcast-edit";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { CampaignDialogErrorBoundary } from "#app/components/broadcasts/campaign-dialog-error.tsx";
import { CampaignForm } from "#app/components/broadcasts/campaign-form.tsx";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { EDITABLE_STATES, getCampaign, updateCampaign } from "#server/campaigns/campaigns.ts";
import { answerCampaignForm } from "#app/routes/dashboard/campaign-form-action.ts";
import { goalFormDefaults } from "#shared/campaigns/conversion-goal.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { listSegmentChoices } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Edit Campaign · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  const segments = await listSegmentChoices(getDb(), { teamId: access.teamId });
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      subject: campaign.subject ?? "",
      content: campaign.content ?? "",
      contentFormat: campaign.contentFormat,
      whatsapp: {
        template: campaign.whatsapp?.template ?? "",
        language: campaign.whatsapp?.language ?? "",
        parameters: campaign.whatsapp?.parameters.join("\n") ?? "",
      },
      state: campaign.state,
      editable: EDITABLE_STATES.includes(campaign.state),
      segmentIds: campaign.segmentLinks.map((link) => link.segmentId),
      scheduledTime: campaign.state === "SCHEDULED" && campaign.scheduledAt ? campaign.scheduledAt.toISOString() : "",
      conversionGoal: goalFormDefaults(campaign.conversionGoal),
      ignoreFrequencyCaps: campaign.ignoreFrequencyCaps,
    },
    segments: segments.map(({ id, name }) => ({ id, name })),
  };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  return answerCampaignForm(request, {
    teamId: access.teamId,
    save: (input) => updateCampaign(getDb(), { access, campaignId: campaign.id, input }),
    successMessage: "Campaign updated successfully",
  });
});

export default function EditCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, segments } = loaderData;
  if (!campaign.editable) {
    return (
      <RouteDialog
        title="Edit Campaign"
        description={`This campaign is ${campaign.state} and can no longer be edited.`}
        closeTo={BROADCASTS_PATH}
      >
        <div className="flex justify-end">
          <Button variant="outline" asChild>
            <Link to={BROADCASTS_PATH} preventScrollReset>
              Back to broadcasts
            </Link>
          </Button>
        </div>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog wide title="Edit Campaign" closeTo={BROADCASTS_PATH}>
      <CampaignForm
        key={campaign.id}
        action={`${BROADCASTS_PATH}/${campaign.id}/edit`}
        lastResult={actionData?.result}
        preview={actionData?.preview}
        defaults={campaign}
        segments={segments}
        submitLabel="Save"
        pendingLabel="Saving..."
      />
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
