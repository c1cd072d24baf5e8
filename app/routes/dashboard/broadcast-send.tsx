import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/broadcast-send";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { CampaignDialogErrorBoundary } from "#app/components/broadcasts/campaign-dialog-error.tsx";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { REASON_LABELS } from "#app/components/delivery/labels.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { getCampaign } from "#server/campaigns/campaigns.ts";
import type { ExclusionReason } from "#server/delivery/audience.ts";
import { sendCampaignNow, sendNowPreview } from "#server/delivery/send-now.ts";
import { isAppError } from "#server/errors.ts";
import { clientContext, sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Send Campaign · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.send");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  const { audience } = await sendNowPreview(getDb(), { teamId: access.teamId, campaignId: campaign.id });
  return { campaign: { id: campaign.id, name: campaign.name, state: campaign.state, type: campaign.type }, audience };
});

export const action = mapRefusals(async ({ params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.send");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  try {
    await sendCampaignNow(getDb(), { access, campaignId: campaign.id, traceId: context.get(clientContext).requestId });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const toast = await flashToasts({ type: "error", title: "Error", description: error.message });
    return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Campaign is being sent" });
  return redirect(`${BROADCASTS_PATH}/${campaign.id}`, { headers: { "Set-Cookie": toast } });
});

export default function SendCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, audience } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const excluded = Object.entries(audience.excluded) as [ExclusionReason, number][];
  const excludedTotal = excluded.reduce((sum, [, count]) => sum + count, 0);

  return (
    <RouteDialog
      title="Send Campaign"
      description={
        <>
          Send <span className="font-medium text-foreground">{campaign.name}</span> now by {campaign.type.toLowerCase()}
          .
        </>
      }
      closeTo={BROADCASTS_PATH}
    >
      {campaign.state === "DRAFT" ? (
        <Form method="post" action={`${BROADCASTS_PATH}/${campaign.id}/send`} className="flex flex-col gap-4">
          <p className="text-sm">
            <span className="text-2xl font-semibold tabular-nums" data-testid="recipient-count">
              {audience.recipients.toLocaleString("en-US")}
            </span>{" "}
            {audience.recipients === 1 ? "recipient" : "recipients"}
          </p>
          <div className="text-sm">
            <p className="font-medium">Excluded: {excludedTotal.toLocaleString("en-US")}</p>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-muted-foreground">
              {excluded.map(([reason, count]) => (
                <div key={reason} className="contents">
                  <dt>{REASON_LABELS[reason]}</dt>
                  <dd className="text-right tabular-nums">{count.toLocaleString("en-US")}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={BROADCASTS_PATH} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={submitting || audience.recipients === 0}>
              {submitting ? "Sending..." : "Send now"}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm">Only a DRAFT campaign can be sent now; this one is {campaign.state}.</p>
      )}
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
