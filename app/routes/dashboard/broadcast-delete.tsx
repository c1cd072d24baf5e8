import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/broadcast-delete";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { CampaignDialogErrorBoundary } from "#app/components/broadcasts/campaign-dialog-error.tsx";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { deleteCampaign, getCampaign } from "#server/campaigns/campaigns.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete Campaign · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  return { campaign: { id: campaign.id, name: campaign.name } };
});

export const action = mapRefusals(async ({ params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.write");
  try {
    await deleteCampaign(getDb(), { access, campaignId: params.id });
  } catch (error) {
    // NOT_FOUND (unknown, another team's, or deleted by someone else meanwhile) is the 404 page.
    if (!isAppError(error) || error.code === "NOT_FOUND") throw error;
    return data(
      { toasts: [{ type: "error" as const, title: "Error", description: error.message }] },
      { status: error.status },
    );
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Campaign deleted successfully" });
  return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
});

export default function DeleteCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting";
  const { campaign } = loaderData;

  return (
    <RouteDialog
      title="Are you sure you want to delete this campaign?"
      description={
        <>
          <span className="font-medium text-foreground">{campaign.name}</span> will be deleted with its results. This
          cannot be undone.
        </>
      }
      closeTo={BROADCASTS_PATH}
    >
      <Form
        method="post"
        action={`${BROADCASTS_PATH}/${campaign.id}/delete`}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button variant="outline" asChild>
          <Link to={BROADCASTS_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
