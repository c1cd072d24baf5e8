import { ArrowRight, Layers, Send, Upload } from "lucide-react";
import { Link } from "react-router";
import type { Permission } from "#server/teams/permissions.ts";
import { useDashboardData } from "#app/components/dashboard/use-dashboard-data.ts";

const QUICK_ACTIONS = [
  {
    label: "Import contacts",
    description: "Bring in the people you want to reach.",
    to: "/dashboard/segments?tab=csv",
    icon: Upload,
    permission: "imports.write",
  },
  {
    label: "Create a segment",
    description: "Group contacts by list, filters or a prompt.",
    to: "/dashboard/segments/new",
    icon: Layers,
    permission: "segments.write",
  },
  {
    label: "New campaign",
    description: "Write a broadcast for email, SMS or WhatsApp.",
    to: "/dashboard/broadcasts/new",
    icon: Send,
    permission: "campaigns.write",
  },
] satisfies { permission: Permission; [key: string]: unknown }[];

/** The three first steps, each a link to the place where it is done; only those the role may take. */
export function QuickActions() {
  const { abilities } = useDashboardData();
  const actions = QUICK_ACTIONS.filter((action) => abilities[action.permission].allowed);
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="quick-actions" className="mb-8">
      <h2 id="quick-actions" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {actions.map(({ label, description, to, icon: Icon }) => (
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
                  <ArrowRight
                    className="size-4 opacity-0 transition-opacity group-hover:opacity-100"
                    aria-hidden="true"
                  />
                </span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
