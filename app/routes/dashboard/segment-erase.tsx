import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/segment-erase";
import { requireAccess } from "#app/http/access.ts";
import { clientContext, sessionContext } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";
import { Field } from "#app/components/forms/field.tsx";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { SegmentDialogErrorBoundary } from "#app/components/segments/segment-dialog-error.tsx";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { getDb } from "#db/database.ts";
import { getSegmentToErase, startSegmentErasure } from "#server/privacy/segment-erasures.ts";
import { EraseSegmentContactsSchema } from "#shared/segments/schemas.ts";

export const meta: Route.MetaFunction = () => [{ title: "Erase Segment Contacts · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "contacts.erase-segment");
  return { segment: await getSegmentToErase(getDb(), { teamId: access.teamId, segmentId: params.id }) };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "contacts.erase-segment");
  const submission = parseWithZod(await request.formData(), { schema: EraseSegmentContactsSchema });
  if (submission.status !== "success") return formInvalid(submission);
  let erasureId: string;
  try {
    const { requestId } = context.get(clientContext);
    const erasure = await startSegmentErasure(getDb(), {
      access,
      segmentId: params.id,
      confirm: submission.value.confirm,
      traceId: requestId,
    });
    erasureId = erasure.id;
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Not erased" });
  }
  const toast = await flashToasts({
    type: "success",
    title: "Erasure started",
    description: "The contacts are being erased; this page shows how far it has gone.",
  });
  return redirect(`/dashboard/segments/erasures/${erasureId}`, { headers: { "Set-Cookie": toast } });
});

const count = new Intl.NumberFormat("en-US");

export default function EraseSegmentContacts({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const closeTo = segmentsPath(tab);
  const { segment } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(EraseSegmentContactsSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EraseSegmentContactsSchema }),
  });
  const erasing = navigation.state === "submitting";
  const howMany =
    segment.contactCount === null ? "every contact" : `all ${count.format(segment.contactCount)} contacts`;

  return (
    <RouteDialog
      title={`Erase ${howMany} of this segment?`}
      description={<Explanation segment={segment} />}
      closeTo={closeTo}
    >
      <Form
        method="post"
        action={segmentsPath(tab, `${segment.id}/erase`)}
        className="flex flex-col gap-4"
        {...getFormProps(form)}
      >
        <FieldError id={form.errorId} errors={form.errors} />
        <Field
          label={`Type ${segment.name} to confirm`}
          inputProps={{ ...getInputProps(fields.confirm, { type: "text" }), autoComplete: "off" }}
          errors={fields.confirm.errors}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to={closeTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" variant="destructive" disabled={erasing}>
            {erasing ? "Starting..." : "Erase contacts"}
          </Button>
        </div>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

function Explanation({ segment }: { segment: { name: string; kind: string } }) {
  return (
    <>
      Each contact of <span className="font-medium text-foreground">{segment.name}</span> is erased as a contact deleted
      at their request: their fields, events and memberships go, campaign figures keep their counts, and their email and
      phone are kept only as a hash. This cannot be undone.{" "}
      {segment.kind === "filter"
        ? "The filter is evaluated once, when you confirm: the contacts it matches then are erased, and contacts who match it later are not."
        : "The contacts in the segment when you confirm are erased; contacts added later are not."}
    </>
  );
}

export { SegmentDialogErrorBoundary as ErrorBoundary };
