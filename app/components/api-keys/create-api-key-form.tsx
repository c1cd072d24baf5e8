import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
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
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.role.errors ? fields.role.errorId : undefined}>
        <legend className="mb-2 text-sm font-medium">Role</legend>
        {ROLE_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex max-w-xl items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary"
          >
            <input
              type="radio"
              name={fields.role.name}
              value={option.value}
              defaultChecked={option.value === chosenRole}
              className="mt-0.5"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{option.label}</span>
              <span className="text-muted-foreground">{option.description}</span>
            </span>
          </label>
        ))}
        <FieldError id={fields.role.errorId} errors={fields.role.errors} />
      </fieldset>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create API key"}
        </Button>
      </div>
    </Form>
  );
}
