import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { getDb } from "#db/database.ts";
import { ForgotPasswordSchema } from "#shared/auth/schemas.ts";
import { requestPasswordReset } from "#server/account/password-reset.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";
import { clientOf } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password · Murmur" }];

/** The same words whether or not the email has an account. */
export const RESET_REQUESTED = "If an account uses that email, a reset link is on its way. It works for one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await requestPasswordReset(getDb(), {
      email: submission.value.email,
      ip: clientOf(request, context).ip,
      baseUrl: publicBaseUrl(request),
    });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({ type: "success", title: "Check your email", description: RESET_REQUESTED });
  return redirect("/login", { headers: { "Set-Cookie": toast } });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new one"
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FieldError id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            placeholder: "you@company.com",
          }}
          errors={fields.email.errors}
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
