import { Bell } from "#app/components/ui/icons.ts";
import { AccountMenu } from "./account-menu.tsx";
import { TeamMenu } from "./team-menu.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TopBarSearch } from "#app/components/search/top-bar-search.tsx";

/** Notifications are a placeholder until their feature lands: shown so the layout is final. */
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
        <Button type="button" variant="ghost" size="icon" aria-label="Notifications">
          <Bell />
        </Button>
        <ThemeToggle />
        <div className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
        <TeamMenu team={team} teams={teams} />
        <AccountMenu user={user} />
      </div>
    </header>
  );
}
