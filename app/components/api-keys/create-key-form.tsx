import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { ChoiceCards } from "#app/components/forms/choice-cards.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { CreateWriteKeySchema, type WriteKeyKind } from "#shared/write-keys/schemas.ts";

const KIND_OPTIONS: { value: WriteKeyKind; label: string; description: string }[] = [
  {
    value: "client",
    label: "Client",
    description:
      "For a web page or a mobile app, where anyone can read it. It can add a contact's email or phone, never replace one.",
  },
  {
    value: "server",
    label: "Server",
    description: "For your own servers only, kept secret. It can also change a contact's email and phone.",
  },
];

/** Names and creates a write key of a kind; the page then shows the key, once. */
export function CreateKeyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(CreateWriteKeySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateWriteKeySchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const chosenKind = typeof fields.kind.initialValue === "string" ? fields.kind.initialValue : "client";

  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Key name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          placeholder: "Production web app",
          autoComplete: "off",
          className: "sm:max-w-sm",
        }}
        errors={fields.name.errors}
      />
      <ChoiceCards
        legend="Used from"
        name={fields.kind.name}
        choices={KIND_OPTIONS}
        chosen={chosenKind}
        errorId={fields.kind.errorId}
        errors={fields.kind.errors}
      />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create key"}
        </Button>
      </div>
    </Form>
  );
}
