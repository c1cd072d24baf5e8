import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/confirm-email";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { getDb } from "#db/database.ts";
import { confirmEmailChange } from "#server/account/profile.ts";
import { isAppError } from "#server/errors.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your email · Murmur" }];

// Opening the link only shows a button: a GET changes nothing, so mail scanners that
// follow links cannot spend the token.
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  let email: string;
  try {
    ({ email } = await confirmEmailChange(getDb(), { token }));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { error: error.message, toasts: [{ type: "error" as const, title: "Error", description: error.message }] },
      { status: error.status },
    );
  }
  const toast = await flashToasts({
    type: "success",
    title: "Email changed",
    description: `Your account now uses ${email}.`,
  });
  return redirect("/dashboard/account", { headers: { "Set-Cookie": toast } });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Confirm your new email"
      description="Your account moves to this address once you confirm."
      footer={
        <Link to="/dashboard/account" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to your profile
        </Link>
      }
    >
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FieldError id="confirm-email-error" errors={actionData ? [actionData.error] : undefined} />
        <Button type="submit">Confirm email</Button>
      </Form>
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
