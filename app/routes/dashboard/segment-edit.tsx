import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/segment-edit";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { SegmentDialogErrorBoundary } from "#app/components/segments/segment-dialog-error.tsx";
import { SegmentNameForm } from "#app/components/segments/segment-name-form.tsx";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getSegment } from "#server/segments/find-segment.ts";
import { SegmentNameSchema } from "#shared/segments/schemas.ts";
import { renameSegment } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Edit Segment · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const segment = await getSegment(getDb(), { teamId: access.teamId, segmentId: params.id });
  return { segment: { id: segment.id, name: segment.name } };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const segment = await getSegment(getDb(), { teamId: access.teamId, segmentId: params.id });
  const submission = parseWithZod(await request.formData(), { schema: SegmentNameSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await renameSegment(getDb(), { access, segmentId: segment.id, name: submission.value.name });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const tab = parseSegmentTab(new URL(request.url).searchParams.get("tab"));
  const toast = await flashToasts({ type: "success", title: "Success", description: "Segment updated successfully" });
  return redirect(segmentsPath(tab), { headers: { "Set-Cookie": toast } });
});

export default function EditSegment({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const closeTo = segmentsPath(tab);

  return (
    <RouteDialog
      title="Edit Segment"
      description="Rename the segment; its contacts stay as they are."
      closeTo={closeTo}
    >
      <SegmentNameForm
        action={segmentsPath(tab, `${loaderData.segment.id}/edit`)}
        key={loaderData.segment.id}
        lastResult={actionData?.result}
        defaultName={loaderData.segment.name}
        submitLabel="Save"
        pendingLabel="Saving..."
        cancelTo={closeTo}
      />
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { SegmentDialogErrorBoundary as ErrorBoundary };
