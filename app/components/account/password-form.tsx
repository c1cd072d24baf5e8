import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { browserPasswordForms } from "#shared/auth/schemas.ts";

const { ChangePasswordSchema } = browserPasswordForms;
import { Field } from "#app/components/forms/field.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** Profile: a new password given the current one, posted with intent=password. */
export function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Current password"
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
        }}
        errors={fields.currentPassword.errors}
      />
      <Field
        label="New password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label="Confirm new password"
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <Button type="submit" className="self-start">
        Change password
      </Button>
    </Form>
  );
}
