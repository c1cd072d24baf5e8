import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type * as React from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { contactsCountText, type HasPhone, isFiltered } from "./contacts-query.ts";
import { NewSegmentFromSelectionSchema } from "./new-segment-schema.ts";

export const NEW_SEGMENT_ACTION = "/dashboard/contacts/new-segment";

/** The contacts a new segment will hold, as the Contacts page picked them. */
export type SegmentSelection = {
  contactIds: string[];
  selectAllMatching: boolean;
  search: string;
  hasPhone: HasPhone;
  /** How many contacts that is; for "all matching", counted like the page's total. */
  count: number;
  capped: boolean;
};

/**
 * "3 contacts will be linked.", or for every matching contact "All 1,234 contacts matching your filters will be
 * linked."
 */
export function linkedCountText(selection: SegmentSelection): string {
  const contacts = contactsCountText(selection.count, selection.capped);
  if (!selection.selectAllMatching) return `${contacts} will be linked.`;
  return isFiltered(selection)
    ? `All ${contacts} matching your filters will be linked.`
    : `All ${contacts} will be linked.`;
}

/**
 * Asks for the segment's name and posts it with the selection in hidden fields, to
 * /dashboard/contacts/new-segment. The dialog passes a fetcher's Form so errors stay
 * in the dialog; the page without JavaScript passes the router's Form.
 */
export function NewSegmentForm({
  selection,
  lastResult,
  pending,
  as: FormComponent = Form,
  cancel,
}: {
  selection: SegmentSelection;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
  as?: typeof Form;
  cancel: React.ReactNode;
}) {
  const [form, fields] = useForm({
    id: "new-segment-from-selection",
    lastResult,
    constraint: getZodConstraint(NewSegmentFromSelectionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewSegmentFromSelectionSchema }),
  });

  return (
    <FormComponent method="post" action={NEW_SEGMENT_ACTION} className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      {selection.selectAllMatching ? (
        <input type="hidden" name="selectAllMatching" value="on" />
      ) : (
        selection.contactIds.map((id) => <input key={id} type="hidden" name="contactIds" value={id} />)
      )}
      <input type="hidden" name="search" value={selection.search} />
      <input type="hidden" name="hasPhone" value={selection.hasPhone} />
      <FieldError id={form.errorId} errors={form.errors} />
      <FieldError id={fields.contactIds.errorId} errors={fields.contactIds.errors} />
      <Field
        label="Segment name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          autoComplete: "off",
          placeholder: "e.g. Spring launch invitees",
        }}
        errors={fields.name.errors}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={pending}>
          {pending ? "Creating..." : "Create Segment"}
        </Button>
      </div>
    </FormComponent>
  );
}
