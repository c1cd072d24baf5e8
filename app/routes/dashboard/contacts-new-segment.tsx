import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/contacts-new-segment";
import { contactsHref } from "#app/components/contacts/contacts-query.ts";
import { linkedCountText, NewSegmentForm, type SegmentSelection } from "#app/components/contacts/new-segment-form.tsx";
import {
  ContactSelectionSchema,
  type ContactSelectionInput,
  NewSegmentFromSelectionSchema,
  NOTHING_SELECTED,
} from "#app/components/contacts/new-segment-schema.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { formFailure } from "#app/http/forms.ts";
import { flashToasts, type Toast } from "#app/http/toast.ts";
import {
  type ContactSelection,
  countSelection,
  createSegmentFromSelection,
} from "#server/contacts/segment-from-selection.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create Segment from selection · Murmur" }];

// Two steps without JavaScript: intent=choose carries the ticked rows here and asks
// for a name; intent=create (also what the dialog sends) makes the segment.
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const formData = await request.formData();
  const picked = parseWithZod(formData, { schema: ContactSelectionSchema });
  // Counted only when the form is shown again, not on the way to a redirect.
  const describe = () => describeSelection(access.teamId, picked.status === "success" ? picked.value : null);
  if (formData.get("intent") === "choose") {
    const selection = await describe();
    if (selection.count > 0) return { result: null, toasts: [], selection };
    return data({ result: picked.reply(), toasts: [NOTHING_SELECTED_TOAST], selection }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: NewSegmentFromSelectionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toasts: [], selection: await describe() }, { status: 400 });
  }
  let segment;
  try {
    const selection = toSelection(submission.value);
    segment = await createSegmentFromSelection(getDb(), { access, name: submission.value.name, selection });
  } catch (error) {
    const failure = formFailure(submission, error, { toastTitle: "Error" });
    return data({ ...failure.data, selection: await describe() }, failure.init ?? undefined);
  }
  const linked = `Linked ${segment.linked} ${segment.linked === 1 ? "contact" : "contacts"}`;
  const toast = await flashToasts({ type: "success", title: "Segment created", description: linked });
  return redirect(contactsHref(submission.value), { headers: { "Set-Cookie": toast } });
});

const NOTHING_SELECTED_TOAST: Toast = { type: "error", title: "Error", description: NOTHING_SELECTED };

function toSelection(input: ContactSelectionInput): ContactSelection {
  return input.selectAllMatching
    ? { kind: "matching", search: input.search, hasPhone: input.hasPhone }
    : { kind: "ids", contactIds: input.contactIds };
}

const NO_SELECTION: SegmentSelection = {
  contactIds: [],
  selectAllMatching: false,
  search: "",
  hasPhone: "any",
  count: 0,
  capped: false,
};

/** The selection as the form shows it again: the ids to carry on, and how many contacts that is. */
async function describeSelection(teamId: string, input: ContactSelectionInput | null): Promise<SegmentSelection> {
  if (!input) return NO_SELECTION;
  const { count, capped } = await countSelection(getDb(), { teamId, selection: toSelection(input) });
  return { ...input, contactIds: input.selectAllMatching ? [] : [...new Set(input.contactIds)], count, capped };
}

export default function NewSegmentFromSelection({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A plain visit (no selection posted) has nothing to name: it says so and leads back.
  const selection = actionData?.selection ?? NO_SELECTION;
  const backToContacts = contactsHref(selection);
  return (
    <>
      <PageHeader
        title="Create Segment from selection"
        description="Name the new segment; the contacts you selected will be linked to it."
      />
      <Card className="max-w-lg">
        <CardHeader>
          <CardTitle as="h2">New segment</CardTitle>
          {selection.count > 0 ? (
            <CardDescription>{linkedCountText(selection)}</CardDescription>
          ) : (
            <p className="text-sm text-destructive">{NOTHING_SELECTED}</p>
          )}
        </CardHeader>
        <CardContent>
          {selection.count > 0 ? (
            <NewSegmentForm
              selection={selection}
              lastResult={actionData?.result}
              pending={navigation.state === "submitting"}
              cancel={
                <Button asChild variant="outline">
                  <Link to={backToContacts}>Cancel</Link>
                </Button>
              }
            />
          ) : (
            <Button asChild variant="outline">
              <Link to={backToContacts}>Back to contacts</Link>
            </Button>
          )}
        </CardContent>
      </Card>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
