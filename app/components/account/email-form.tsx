import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ChangeEmailSchema } from "#shared/auth/schemas.ts";
import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** Profile: a new email, posted with intent=email; it takes effect once the mailed link is used. */
export function EmailForm({ email, lastResult }: { email: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "profile-email",
    lastResult,
    constraint: getZodConstraint(ChangeEmailSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeEmailSchema }),
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="email" />
      <Field
        label="New email"
        description={`Now ${email}. We send a link to the new address; your email changes when you open it.`}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Button type="submit" className="self-start">
        Send confirmation link
      </Button>
    </Form>
  );
}
