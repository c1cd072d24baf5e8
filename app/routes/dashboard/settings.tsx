import { Link } from "react-router";
import type { Route } from "./+types/settings";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { useDashboardData } from "../../components/dashboard/use-dashboard-data.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Murmur" }];

export default function Settings() {
  const { user, team } = useDashboardData();
  return (
    <>
      <PageHeader title="Settings" description="Your account and your team." />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">Account</CardTitle>
            <CardDescription>The person signed in.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <Detail term="Name" value={user.name} />
              <Detail term="Email" value={user.email} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">Team</CardTitle>
            <CardDescription>The workspace your contacts, segments and campaigns belong to.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <Detail term="Name" value={team.name} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">API keys</CardTitle>
            <CardDescription>Write keys for sending your product&apos;s events to Murmur&apos;s tracking API.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/settings/api-keys" className="text-sm font-medium underline underline-offset-4">
              Manage API keys
            </Link>
          </CardContent>
        </Card>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Team members, API keys, channel providers and the sender identity for your campaigns will be managed here.
      </p>
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
