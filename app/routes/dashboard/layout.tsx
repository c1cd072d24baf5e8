import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";
import { sessionContext } from "#app/http/context.ts";
import { readSidebarCollapsed } from "#app/http/preferences.ts";
import { requirePageUser } from "#app/http/session.ts";
import { getDb } from "#db/database.ts";
import { readDashboardFrame } from "#server/dashboard/dashboard-frame.ts";
import { abilitiesOf } from "#server/teams/permissions.ts";

// Every page under /dashboard needs a signed-in user: checked once per request here,
// shared with the child loaders through the router context.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    context.set(sessionContext, await requirePageUser(request));
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, team, teamNotice } = context.get(sessionContext);
  // Every dashboard page waits on these: the frame is one statement, the cookie none.
  const [frame, sidebarCollapsed] = await Promise.all([
    readDashboardFrame(getDb(), { userId: user.id, teamId: team.id }),
    readSidebarCollapsed(request),
  ]);
  return {
    user: { name: user.name, email: user.email },
    team: { id: team.id, name: team.name, role: team.role, isDemo: frame.isDemo },
    teams: frame.teams,
    teamNotice: teamNotice ?? null,
    // From the session's role on the server; the actions check again, whatever the page showed.
    abilities: abilitiesOf(team.role),
    sidebarCollapsed,
    // The bell on every page: its count and latest notifications, dated in the team's time zone.
    notifications: { ...frame.bell, timeZone: frame.timeZone },
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      user={loaderData.user}
      team={loaderData.team}
      teams={loaderData.teams}
      sidebarCollapsed={loaderData.sidebarCollapsed}
    >
      {loaderData.teamNotice ? (
        <p
          role="status"
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {loaderData.teamNotice}
        </p>
      ) : null}
      <Outlet />
    </DashboardShell>
  );
}
