import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/broadcast-new";
import { CampaignDialogErrorBoundary } from "../../components/broadcasts/campaign-dialog-error.tsx";
import { CampaignForm } from "../../components/broadcasts/campaign-form.tsx";
import { BROADCASTS_PATH } from "../../components/broadcasts/format.ts";
import { RouteDialog } from "../../components/segments/route-dialog.tsx";
import { Toasts } from "../../components/toasts.tsx";
import { getDb } from "../../../db/database.ts";
import { createCampaign } from "../../../server/campaigns/campaigns.ts";
import { CampaignInputSchema } from "../../../server/campaigns/schemas.ts";
import { sessionContext } from "../../../server/http/context.ts";
import { formFailure, formInvalid } from "../../../server/http/forms.ts";
import { flashToasts } from "../../../server/http/toast.ts";
import { listSegments } from "../../../server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create Campaign · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const segments = await listSegments(getDb(), { teamId: team.id });
  return { segments: segments.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { team } = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: CampaignInputSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await createCampaign(getDb(), { teamId: team.id, input: submission.value });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Campaign created successfully" });
  return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
}

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Create New Campaign" description="Starts as a draft; schedule it from the list when it is ready." closeTo={BROADCASTS_PATH}>
      <CampaignForm
        action={`${BROADCASTS_PATH}/new`}
        lastResult={actionData?.result}
        defaults={{ name: "", type: "EMAIL", subject: "", content: "", segmentIds: [], scheduledTime: "" }}
        segments={loaderData.segments}
        submitLabel="Create Campaign"
        pendingLabel="Creating..."
      />
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
