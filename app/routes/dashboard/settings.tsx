import { parseWithZod } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/settings";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { useDashboardData } from "#app/components/dashboard/use-dashboard-data.ts";
import { TeamSettingsForm } from "#app/components/settings/team-settings-form.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { requireAccess } from "#app/http/access.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { TeamSettingsSchema } from "#shared/teams/schemas.ts";
import { can } from "#server/teams/permissions.ts";
import { getTeamSettings, updateTeamSettings } from "#server/teams/settings.ts";
import { listTimeZones } from "#shared/teams/time-zone.ts";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const settings = await getTeamSettings(getDb(), { teamId: team.id });
  const canReadAuditLog = can(team.role, "audit-log.read");
  const timeZones = listTimeZones();
  // A zone the runtime no longer lists (renamed upstream) still shows as chosen.
  if (!timeZones.includes(settings.timeZone)) timeZones.unshift(settings.timeZone);
  return {
    team: {
      timeZone: settings.timeZone,
      postalAddress: settings.postalAddress ?? "",
      keepEvents: settings.eventRetentionMonths === null ? "forever" : String(settings.eventRetentionMonths),
    },
    timeZones,
    canReadAuditLog,
  };
}

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "team-settings.manage");
  const submission = parseWithZod(await request.formData(), { schema: TeamSettingsSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    await updateTeamSettings(getDb(), { access, input: submission.value });
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Team settings saved" });
  return redirect("/dashboard/settings", { headers: { "Set-Cookie": toast } });
});

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, team } = useDashboardData();
  return (
    <>
      <PageHeader title="Settings" description="Your account and your team." />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Account
            </CardTitle>
            <CardDescription>The person signed in.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <Detail term="Name" value={user.name} />
              <Detail term="Email" value={user.email} />
            </dl>
            <Link
              to="/dashboard/account"
              className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Edit profile and sessions
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Team
            </CardTitle>
            <CardDescription>The workspace your contacts, segments and campaigns belong to.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid gap-3 text-sm">
              <Detail term="Name" value={team.name} />
            </dl>
            <TeamSettingsForm
              defaults={loaderData.team}
              timeZones={loaderData.timeZones}
              lastResult={actionData?.result}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Members
            </CardTitle>
            <CardDescription>The people in this team, their roles, and invitations to join.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/settings/members" className="text-sm font-medium underline underline-offset-4">
              Manage members
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Channels
            </CardTitle>
            <CardDescription>The email, SMS and WhatsApp providers your campaigns are sent through.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/settings/channels" className="text-sm font-medium underline underline-offset-4">
              Manage channels
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Frequency caps and quiet hours
            </CardTitle>
            <CardDescription>
              How many marketing messages a contact gets per channel, and the hours they get none.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/settings/frequency" className="text-sm font-medium underline underline-offset-4">
              Manage frequency caps
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              API keys
            </CardTitle>
            <CardDescription>
              Write keys for sending your product&apos;s events to Murmur&apos;s tracking API.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/settings/api-keys" className="text-sm font-medium underline underline-offset-4">
              Manage API keys
            </Link>
          </CardContent>
        </Card>
        {loaderData.canReadAuditLog ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Audit log
              </CardTitle>
              <CardDescription>Who did what in this team, and when: sign-ins, changes and settings.</CardDescription>
            </CardHeader>
            <CardContent>
              <Link to="/dashboard/settings/audit-log" className="text-sm font-medium underline underline-offset-4">
                View audit log
              </Link>
            </CardContent>
          </Card>
        ) : null}
      </div>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
