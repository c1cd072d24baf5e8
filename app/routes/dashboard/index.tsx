import { ArrowRight, Layers, Megaphone, Send, Upload } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { useDashboardData } from "../../components/dashboard/use-dashboard-data.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Murmur" }];

const QUICK_LINKS = [
  { label: "Import contacts", description: "Bring in the people you want to reach.", to: "/dashboard/contacts", icon: Upload },
  { label: "Create a segment", description: "Group contacts by list, filters or a prompt.", to: "/dashboard/segments", icon: Layers },
  { label: "New campaign", description: "Write a broadcast for email, SMS or WhatsApp.", to: "/dashboard/broadcasts", icon: Send },
];

export default function DashboardHome() {
  const { user, team } = useDashboardData();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome to ${team.name}, ${firstNameOf(user.name)}. Start with one of the steps below.`} />

      <section aria-labelledby="quick-links" className="mb-8">
        <h2 id="quick-links" className="sr-only">Quick links</h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {QUICK_LINKS.map(({ label, description, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="flex flex-1 flex-col gap-1">
                  <span className="flex items-center gap-1 font-medium">
                    {label}
                    <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden="true" />
                  </span>
                  <span className="text-sm text-muted-foreground">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">Recent Campaigns</CardTitle>
          <CardDescription>Your latest broadcasts and how they are doing.</CardDescription>
        </CardHeader>
        <CardContent>
          <EmptyState icon={Megaphone} title="No campaigns yet. Create your first campaign to get started." />
        </CardContent>
      </Card>
    </>
  );
}

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
