import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/signup";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { getDb } from "#db/database.ts";
import { browserPasswordForms } from "#shared/auth/schemas.ts";
import { SignupSchema } from "#server/auth/password-forms.ts";
import { signUp } from "#server/auth/sign-in.ts";
import { isAppError } from "#server/errors.ts";
import { getInvitationPreview, signUpWithInvitation } from "#server/members/accept-invitation.ts";
import { clientOf } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { getSessionUser, safeRedirectPath, startSessionCookie } from "#app/http/session.ts";
import { flashToasts, type Toast } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Create your account · Murmur" }];

const TERMS_TOAST: Toast = {
  type: "error",
  title: "Accept terms",
  description: "You must accept the Terms and Privacy Policy.",
};
const MISMATCH_TOAST: Toast = {
  type: "error",
  title: "Passwords do not match",
  description: "Please re-enter matching passwords.",
};

/** The signup form around the account's fields: checked in full by the action, its length rules in the browser. */
function signupForm(account: typeof SignupSchema) {
  return account
    .extend({
      confirmPassword: z.string({ error: "Confirm your password" }),
      acceptTerms: z.literal("on", { error: TERMS_TOAST.description }),
    })
    .refine((form) => form.password === form.confirmPassword, {
      path: ["confirmPassword"],
      message: MISMATCH_TOAST.description,
    });
}
const BrowserSignupForm = signupForm(browserPasswordForms.SignupSchema);

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  const token = params.get("invitation");
  if (token) {
    // Signing up from an invitation: the invited address, fixed, and the team it joins.
    const invitation = await findInvitationForSignup(token);
    if (!invitation) throw redirect(`/invitations/accept?${new URLSearchParams({ token })}`);
    if (await getSessionUser(request)) throw redirect(`/invitations/accept?${new URLSearchParams({ token })}`);
    return { redirectTo, invitation: { token, email: invitation.email, teamName: invitation.teamName } };
  }
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo, invitation: null };
}

async function findInvitationForSignup(token: string) {
  try {
    return await getInvitationPreview(getDb(), { token });
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: signupForm(SignupSchema) });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    // The spec's toasts for its two named failures; other fields speak for themselves.
    const toast = errors.acceptTerms ? TERMS_TOAST : errors.confirmPassword ? MISMATCH_TOAST : undefined;
    return formInvalid(submission, toast ? [toast] : [], ["password", "confirmPassword"]);
  }
  const invitation = formData.get("invitation");
  let session;
  try {
    session =
      typeof invitation === "string" && invitation
        ? await signUpWithInvitation(getDb(), {
            token: invitation,
            input: submission.value,
            client: clientOf(request, context),
          })
        : await signUp(getDb(), submission.value, clientOf(request, context));
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Signup failed", hideFields: ["password", "confirmPassword"] });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSessionCookie(session.token, session.expiresAt));
  headers.append(
    "Set-Cookie",
    await flashToasts({ type: "success", title: "Account created", description: "Welcome to Murmur!" }),
  );
  return redirect(safeRedirectPath(formData.get("redirectTo")), { headers });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof BrowserSignupForm>>({
    lastResult: actionData?.result,
    defaultValue: loaderData.invitation ? { email: loaderData.invitation.email } : undefined,
    constraint: getZodConstraint(BrowserSignupForm),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Validation runs on the server too, so the spec's toasts appear with or without JavaScript.
  });
  const loginHref =
    loaderData.redirectTo === "/dashboard"
      ? "/login"
      : `/login?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}`;

  return (
    <AuthCard
      title="Create your account"
      description="Start reaching your audience with Murmur"
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {loaderData.invitation ? (
          <>
            <input type="hidden" name="invitation" value={loaderData.invitation.token} />
            <p className="text-sm text-muted-foreground">
              You are joining {loaderData.invitation.teamName}. Sign up with the address the invitation was sent to.
            </p>
          </>
        ) : null}
        <FieldError id={form.errorId} errors={form.errors} />
        <Field
          label="Full name"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            autoComplete: "name",
            placeholder: "Ada Lovelace",
          }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            readOnly: loaderData.invitation !== null,
            placeholder: "you@company.com",
          }}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          description="8 to 128 characters."
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label="Confirm password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <input
              {...getInputProps(fields.acceptTerms, { type: "checkbox" })}
              required={false}
              className="mt-0.5 size-4 accent-primary"
            />
            <Label htmlFor={fields.acceptTerms.id} className="font-normal leading-snug">
              I agree to the{" "}
              <Link to="/terms" className="text-primary underline-offset-4 hover:underline">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="text-primary underline-offset-4 hover:underline">
                Privacy Policy
              </Link>
            </Label>
          </div>
          <FieldError id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
        </div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating account..." : "Create Account"}
        </Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
