import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { CreateTeamSchema } from "#shared/teams/member-schemas.ts";

/** Names a new team; the person creating it becomes its Owner and starts working in it. */
export function CreateTeamForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(CreateTeamSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateTeamSchema }),
  });
  const creating = navigation.state === "submitting";
  return (
    <Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Team name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          placeholder: "Growth team",
          autoComplete: "off",
        }}
        errors={fields.name.errors}
      />
      <Button type="submit" className="self-start" disabled={creating}>
        {creating ? "Creating..." : "Create team"}
      </Button>
    </Form>
  );
}
