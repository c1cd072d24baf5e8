import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ChangeNameSchema } from "#shared/auth/schemas.ts";
import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** Profile: the name, posted with intent=name. */
export function NameForm({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "profile-name",
    lastResult,
    defaultValue: { name },
    constraint: getZodConstraint(ChangeNameSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeNameSchema }),
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="name" />
      <Field
        label="Full name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        errors={fields.name.errors}
      />
      <Button type="submit" className="self-start">
        Save name
      </Button>
    </Form>
  );
}
