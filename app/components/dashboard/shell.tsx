import type * as React from "react";
import { DemoBanner } from "./demo-banner.tsx";
import { Sidebar } from "./sidebar.tsx";
import { TopBar } from "./top-bar.tsx";

type ShellProps = {
  user: { name: string; email: string };
  team: { id: string; name: string; isDemo: boolean };
  teams: { id: string; name: string }[];
  sidebarCollapsed: boolean;
  children: React.ReactNode;
};

/** The frame around every dashboard page: side navigation, top bar, and the page itself. */
export function DashboardShell({ user, team, teams, sidebarCollapsed, children }: ShellProps) {
  return (
    <div className="flex min-h-screen">
      <Sidebar collapsed={sidebarCollapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} team={team} teams={teams} />
        {team.isDemo ? <DemoBanner /> : null}
        <main id="main" className="flex-1 px-4 py-6 md:px-8 md:py-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
