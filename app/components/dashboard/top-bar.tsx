import { AccountMenu } from "./account-menu.tsx";
import { NotificationBell } from "./notification-bell.tsx";
import { TeamMenu } from "./team-menu.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { TopBarSearch } from "#app/components/search/top-bar-search.tsx";

/** Search, notifications, theme, and the team and account menus, above every dashboard page. */
export function TopBar({
  user,
  team,
  teams,
}: {
  user: { name: string; email: string };
  team: { id: string; name: string };
  teams: { id: string; name: string }[];
}) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-6">
      <TopBarSearch />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <ThemeToggle />
        <div className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
        <TeamMenu team={team} teams={teams} />
        <AccountMenu user={user} />
      </div>
    </header>
  );
}
