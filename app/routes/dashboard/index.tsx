import type { Route } from "./+types/index";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { useDashboardData } from "#app/components/dashboard/use-dashboard-data.ts";
import { formatChange } from "#app/components/dashboard-home/format-change.ts";
import { OnboardingChecklist } from "#app/components/dashboard-home/onboarding-checklist.tsx";
import { QuickActions } from "#app/components/dashboard-home/quick-actions.tsx";
import { RecentCampaigns } from "#app/components/dashboard-home/recent-campaigns.tsx";
import { StatCards } from "#app/components/dashboard-home/stat-cards.tsx";
import { getDb } from "#db/database.ts";
import { listCampaigns } from "#server/campaigns/campaigns.ts";
import { dashboardStats, rateOf } from "#server/dashboard/stats.ts";
import { readOnboarding } from "#server/onboarding/checklist.ts";
import { sessionContext } from "#app/http/context.ts";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Murmur" }];

/** The spec's number of recent campaigns on the dashboard. */
const RECENT_CAMPAIGNS = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const db = getDb();
  const [stats, campaigns, onboarding] = await Promise.all([
    dashboardStats(db, { teamId: team.id, now: new Date() }),
    listCampaigns(db, { teamId: team.id, limit: RECENT_CAMPAIGNS }),
    readOnboarding(db, { teamId: team.id }),
  ]);
  const allDone = Object.values(onboarding.done).every(Boolean);
  return {
    // Shown until every step is done or the team dismisses it.
    onboarding: onboarding.dismissed || allDone ? null : onboarding.done,
    stats: {
      contacts: { total: stats.contacts.total, change: formatChange(stats.contacts.change) },
      campaigns: {
        active: stats.campaigns.active,
        total: stats.campaigns.total,
        change: formatChange(stats.campaigns.change),
      },
      openRate: { value: stats.openRate.value, change: formatChange(stats.openRate.change) },
      segments: { total: stats.segments.total, change: formatChange(stats.segments.change) },
    },
    recentCampaigns: campaigns.map(({ id, name, state, segmentLinks, analytics }) => ({
      id,
      name,
      state,
      segmentName: segmentLinks[0]?.segment.name ?? "All Users",
      opens: analytics.opened,
      clicks: analytics.clicked,
      clickRate: analytics.opened > 0 ? rateOf(analytics.clicked, analytics.opened) : null,
    })),
  };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { user, team } = useDashboardData();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome to ${team.name}, ${firstNameOf(user.name)}. Start with one of the steps below.`}
      />
      {loaderData.onboarding ? <OnboardingChecklist done={loaderData.onboarding} /> : null}
      <StatCards stats={loaderData.stats} />
      <QuickActions />
      <RecentCampaigns campaigns={loaderData.recentCampaigns} />
    </>
  );
}

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
