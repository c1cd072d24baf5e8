import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";
import { sessionContext } from "#app/http/context.ts";
import { readSidebarCollapsed } from "#app/http/preferences.ts";
import { requirePageUser } from "#app/http/session.ts";
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
  const { user, team } = context.get(sessionContext);
  return {
    user: { name: user.name, email: user.email },
    team: { name: team.name, role: team.role },
    // From the session's role on the server; the actions check again, whatever the page showed.
    abilities: abilitiesOf(team.role),
    sidebarCollapsed: await readSidebarCollapsed(request),
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell user={loaderData.user} team={loaderData.team} sidebarCollapsed={loaderData.sidebarCollapsed}>
      <Outlet />
    </DashboardShell>
  );
}
