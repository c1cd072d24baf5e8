import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { getDb } from "#db/database.ts";
import { LoginSchema } from "#shared/auth/schemas.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { clientOf } from "#app/http/context.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { getSessionUser, safeRedirectPath, startSessionCookie } from "#app/http/session.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Murmur" }];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return formInvalid(submission, [], ["password"]);
  let session;
  try {
    session = await signIn(getDb(), submission.value, clientOf(request, context));
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error", hideFields: ["password"] });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSessionCookie(session.token, session.expiresAt));
  headers.append(
    "Set-Cookie",
    await flashToasts({ type: "success", title: "Welcome back!", description: "You've been successfully signed in." }),
  );
  return redirect(safeRedirectPath(formData.get("redirectTo")), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [showPassword, setShowPassword] = useState(false);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  const signupHref =
    loaderData.redirectTo === "/dashboard"
      ? "/signup"
      : `/signup?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}`;

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your Murmur account"
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to={signupHref} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
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
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor={fields.password.id}>Password</Label>
            <Link to="/forgot-password" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          </div>
          <div className="relative">
            <Input
              {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
              autoComplete="current-password"
              className="pr-10"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
              aria-label={showPassword ? "Hide password" : "Show password"}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
            </button>
          </div>
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
