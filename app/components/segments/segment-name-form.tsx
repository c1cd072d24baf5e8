import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { SegmentNameSchema } from "#shared/segments/schemas.ts";

type SegmentNameFormProps = {
  /** Where the form posts: the dialog route itself, keeping only the tab (not a prefill) in its query. */
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultName: string;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
};

/** The one field a segment is created or renamed with, and its Cancel and submit buttons. */
export function SegmentNameForm({
  action,
  lastResult,
  defaultName,
  submitLabel,
  pendingLabel,
  cancelTo,
}: SegmentNameFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [name, setName] = useState(defaultName);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { name: defaultName },
    constraint: getZodConstraint(SegmentNameSchema),
    // Not on blur: a message appearing as focus leaves would move Cancel and Close from under the pointer.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SegmentNameSchema }),
  });
  const submitting = navigation.state === "submitting";
  // Inactive while blank only once JavaScript runs: without it the server explains a blank name instead.
  const blank = hydrated && name.trim() === "";

  return (
    <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Segment name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          onChange: (event) => setName(event.currentTarget.value),
          placeholder: "Newsletter subscribers",
          autoComplete: "off",
        }}
        errors={fields.name.errors}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={cancelTo} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={blank || submitting}>
          {submitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
