import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { getDb } from "#db/database.ts";
import { browserPasswordForms } from "#shared/auth/schemas.ts";
import { ResetPasswordSchema } from "#server/auth/password-forms.ts";
import { INVALID_RESET_LINK } from "#shared/account/messages.ts";
import { isResetTokenValid, resetPassword } from "#server/account/password-reset.ts";
import { endSessionCookie } from "#app/http/session.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Murmur" }];

const PASSWORD_FIELDS = ["password", "confirmPassword"];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid(getDb(), { token }) };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") return formInvalid(submission, [], PASSWORD_FIELDS);
  try {
    await resetPassword(getDb(), { token: submission.value.token, password: submission.value.password });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error", hideFields: PASSWORD_FIELDS });
  }
  const headers = new Headers();
  // Every session of the user has ended, this browser's too.
  headers.append("Set-Cookie", await endSessionCookie());
  headers.append(
    "Set-Cookie",
    await flashToasts({ type: "success", title: "Password changed", description: "Sign in with your new password." }),
  );
  return redirect("/login", { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(browserPasswordForms.ResetPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: browserPasswordForms.ResetPasswordSchema }),
  });
  const backToForgot = (
    <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
      Ask for a new link
    </Link>
  );
  if (!loaderData.valid) {
    return (
      <AuthCard title="Reset link not valid" description={INVALID_RESET_LINK} footer={backToForgot}>
        <Toasts toasts={actionData?.toasts} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description="Every session of your account will be signed out"
      footer={backToForgot}
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={loaderData.token} />
        <FieldError id={form.errorId} errors={form.errors} />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label="Confirm password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving..." : "Set new password"}
        </Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
