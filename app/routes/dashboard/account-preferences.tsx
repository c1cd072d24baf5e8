import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/account-preferences";
import { PreferencesForm } from "#app/components/account/preferences-form.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { readTheme, writeTheme } from "#app/http/preferences.ts";
import { flashToasts } from "#app/http/toast.ts";
import { PreferencesSchema } from "#shared/notifications/schemas.ts";
import { readEnabledKinds, saveEnabledKinds } from "#server/notifications/preferences.ts";

export const meta: Route.MetaFunction = () => [{ title: "Preferences · Murmur" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(sessionContext);
  return {
    enabledKinds: await readEnabledKinds(getDb(), { userId: user.id }),
    theme: await readTheme(request),
  };
}

/** Saves the kinds that arrive (per person, in the database) and the theme (the browser's cookie). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: PreferencesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveEnabledKinds(getDb(), { userId: user.id, enabled: submission.value.kinds });
  const headers = new Headers();
  headers.append("Set-Cookie", await writeTheme(submission.value.theme));
  headers.append(
    "Set-Cookie",
    await flashToasts({ type: "success", title: "Preferences", description: "Your preferences are saved." }),
  );
  return redirect("/dashboard/account/preferences", { headers });
}

export default function Preferences({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Preferences" description="Which notifications reach you, and how Murmur looks." />
      <Card className="max-w-2xl">
        <CardContent className="pt-6">
          <PreferencesForm
            enabledKinds={loaderData.enabledKinds}
            theme={loaderData.theme}
            lastResult={actionData?.result}
          />
        </CardContent>
      </Card>
    </>
  );
}
