import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/segment-new";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { SegmentDialogErrorBoundary } from "#app/components/segments/segment-dialog-error.tsx";
import { SegmentNameForm } from "#app/components/segments/segment-name-form.tsx";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { SegmentNameSchema } from "#shared/segments/schemas.ts";
import { createSegment } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create Segment · Murmur" }];

// Longer prefills are cut rather than refused: they only seed the field, the server still validates.
const PREFILL_MAX = 200;

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const tab = parseSegmentTab(new URL(request.url).searchParams.get("tab"));
  const submission = parseWithZod(await request.formData(), { schema: SegmentNameSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await createSegment(getDb(), { access, name: submission.value.name });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Segment created successfully" });
  return redirect(segmentsPath(tab), { headers: { "Set-Cookie": toast } });
});

export default function NewSegment({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const closeTo = segmentsPath(tab);
  // Other builders (the AI prompt) open this dialog with a suggested name.
  const prefill = (searchParams.get("name") ?? "").trim().slice(0, PREFILL_MAX);

  return (
    <RouteDialog
      title="Create Segment"
      description="Name the group; add contacts to it from the Contacts page or a CSV import."
      closeTo={closeTo}
    >
      <SegmentNameForm
        action={segmentsPath(tab, "new")}
        lastResult={actionData?.result}
        defaultName={prefill}
        submitLabel="Create"
        pendingLabel="Creating..."
        cancelTo={closeTo}
      />
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { SegmentDialogErrorBoundary as ErrorBoundary };
