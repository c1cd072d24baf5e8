import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/broadcast-delete";
import { CampaignDialogErrorBoundary } from "../../components/broadcasts/campaign-dialog-error.tsx";
import { BROADCASTS_PATH } from "../../components/broadcasts/format.ts";
import { requireTeamCampaign } from "../../../server/campaigns/require-campaign.ts";
import { RouteDialog } from "../../components/segments/route-dialog.tsx";
import { Toasts } from "../../components/toasts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { getDb } from "../../../db/database.ts";
import { deleteCampaign } from "../../../server/campaigns/campaigns.ts";
import { isAppError } from "../../../server/errors.ts";
import { flashToasts } from "../../http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete Campaign · Murmur" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { campaign } = await requireTeamCampaign(context, params.id);
  return { campaign: { id: campaign.id, name: campaign.name } };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { team, campaign } = await requireTeamCampaign(context, params.id);
  try {
    await deleteCampaign(getDb(), { teamId: team.id, campaignId: campaign.id });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Deleted by someone else between the check and now: the same answer as an unknown id.
    if (error.code === "NOT_FOUND") throw data("Campaign not found.", { status: 404 });
    return data({ toasts: [{ type: "error" as const, title: "Error", description: error.message }] }, { status: error.status });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Campaign deleted successfully" });
  return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
}

export default function DeleteCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting";
  const { campaign } = loaderData;

  return (
    <RouteDialog
      title="Are you sure you want to delete this campaign?"
      description={
        <>
          <span className="font-medium text-foreground">{campaign.name}</span> will be deleted with its results. This cannot be undone.
        </>
      }
      closeTo={BROADCASTS_PATH}
    >
      <Form method="post" action={`${BROADCASTS_PATH}/${campaign.id}/delete`} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
