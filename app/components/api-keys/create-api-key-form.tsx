import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { ChoiceCards } from "#app/components/forms/choice-cards.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { type ApiKeyRole, CreateApiKeySchema } from "#shared/api-keys/schemas.ts";

const ROLE_OPTIONS: { value: ApiKeyRole; label: string; description: string }[] = [
  {
    value: "viewer",
    label: "Viewer",
    description: "Reads contacts, segments, campaigns and analytics; changes nothing.",
  },
  {
    value: "marketer",
    label: "Marketer",
    description: "Also creates and changes contacts, imports, segments and campaigns, and sends them.",
  },
  {
    value: "admin",
    label: "Admin",
    description: "Also manages write keys. Never an Owner: it cannot delete the team.",
  },
];

/** Names and creates an API key for the JSON API with a role; the page then shows the key, once. */
export function CreateApiKeyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-api-key",
    lastResult,
    constraint: getZodConstraint(CreateApiKeySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiKeySchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-api-key";
  const chosenRole = typeof fields.role.initialValue === "string" ? fields.role.initialValue : "viewer";

  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create-api-key" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="API key name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          placeholder: "CRM sync",
          autoComplete: "off",
          className: "sm:max-w-sm",
        }}
        errors={fields.name.errors}
      />
      <ChoiceCards
        legend="Role"
        name={fields.role.name}
        choices={ROLE_OPTIONS}
        chosen={chosenRole}
        errorId={fields.role.errorId}
        errors={fields.role.errors}
      />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create API key"}
        </Button>
      </div>
    </Form>
  );
}
