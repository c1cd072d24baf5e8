import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/account";
import { EmailForm } from "#app/components/account/email-form.tsx";
import { NameForm } from "#app/components/account/name-form.tsx";
import { PasswordForm } from "#app/components/account/password-form.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { useDashboardData } from "#app/components/dashboard/use-dashboard-data.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { formFailure } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { ChangeEmailSchema, ChangeNameSchema } from "#shared/auth/schemas.ts";
import { ChangePasswordSchema } from "#server/auth/password-forms.ts";
import { changeName, changePassword, requestEmailChange } from "#server/account/profile.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Murmur" }];

const SCHEMAS = { name: ChangeNameSchema, email: ChangeEmailSchema, password: ChangePasswordSchema } as const;
type Intent = keyof typeof SCHEMAS;
const DONE: Record<Intent, string> = {
  name: "Your name is saved.",
  email: "Open the link we sent to the new address to confirm it. Until then your email stays as it is.",
  password: "Your password is changed. Every other session is signed out.",
};
const SECRET_FIELDS = ["currentPassword", "password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = context.get(sessionContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as Intent;
  if (!Object.hasOwn(SCHEMAS, intent)) throw data("Unknown form.", { status: 400 });
  const submission = parseWithZod(formData, { schema: SCHEMAS[intent] });
  if (submission.status !== "success")
    return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), toasts: [] }, { status: 400 });
  const value = submission.value as Record<string, string>;
  try {
    if (intent === "name") await changeName(getDb(), { userId: user.id, name: value.name! });
    if (intent === "email")
      await requestEmailChange(getDb(), { userId: user.id, newEmail: value.email!, baseUrl: publicBaseUrl(request) });
    if (intent === "password") {
      await changePassword(getDb(), {
        userId: user.id,
        keepSessionId: sessionId,
        currentPassword: value.currentPassword!,
        password: value.password!,
      });
    }
  } catch (error) {
    const failure = formFailure(submission, error, { toastTitle: "Error", hideFields: SECRET_FIELDS });
    return data({ intent, ...failure.data }, failure.init ?? undefined);
  }
  const toast = await flashToasts({ type: "success", title: "Profile", description: DONE[intent] });
  return redirect("/dashboard/account", { headers: { "Set-Cookie": toast } });
}

export default function Account({ actionData }: Route.ComponentProps) {
  const { user } = useDashboardData();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <PageHeader title="Profile" description="Your name, email and password." />
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Name" description="Shown to your team.">
          <NameForm name={user.name} lastResult={resultFor("name")} />
        </Section>
        <Section title="Email" description="Where sign-in and reset links go.">
          <EmailForm email={user.email} lastResult={resultFor("email")} />
        </Section>
        <Section title="Password" description="Changing it signs out every other session.">
          <PasswordForm lastResult={resultFor("password")} />
        </Section>
        <Section title="Sessions" description="Where your account is signed in.">
          <Link
            to="/dashboard/account/sessions"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Manage sessions
          </Link>
        </Section>
      </div>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
