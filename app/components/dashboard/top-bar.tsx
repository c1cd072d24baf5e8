import { Bell, Search } from "#app/components/ui/icons.ts";
import { AccountMenu } from "./account-menu.tsx";
import { TeamMenu } from "./team-menu.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";

/**
 * Search and notifications are placeholders until their features land: they are
 * shown so the layout is final, and deliberately do nothing.
 */
export function TopBar({ user, team }: { user: { name: string; email: string }; team: { name: string } }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-6">
      <div className="relative max-w-md flex-1 max-sm:hidden">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input type="search" placeholder="Search..." aria-label="Search" className="h-9 bg-muted/50 pl-9" />
      </div>
      <div className="ml-auto flex items-center gap-1">
        <Button type="button" variant="ghost" size="icon" aria-label="Notifications">
          <Bell />
        </Button>
        <ThemeToggle />
        <div className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
        <TeamMenu team={team} />
        <AccountMenu user={user} />
      </div>
    </header>
  );
}
