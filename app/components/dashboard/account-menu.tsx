import { ChevronDown, LogOut, SlidersHorizontal, User } from "#app/components/ui/icons.ts";
import { Form } from "react-router";
import {
  DetailsMenu,
  DetailsMenuButton,
  DetailsMenuContent,
  DetailsMenuLabel,
  DetailsMenuLink,
  DetailsMenuSeparator,
  DetailsMenuTrigger,
} from "#app/components/ui/details-menu.tsx";

/** The signed-in person: who they are, their Profile and Preferences, and Sign Out, which works as a plain form post. */
export function AccountMenu({ user }: { user: { name: string; email: string } }) {
  return (
    <DetailsMenu data-testid="account-menu">
      <DetailsMenuTrigger>
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initialsOf(user.name)}
        </span>
        <span className="max-w-40 truncate max-sm:sr-only">{user.name}</span>
        <ChevronDown
          className="size-4 text-muted-foreground group-open/menu:rotate-180 max-sm:hidden"
          aria-hidden="true"
        />
      </DetailsMenuTrigger>
      <DetailsMenuContent>
        <DetailsMenuLabel>
          <p className="truncate font-medium">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </DetailsMenuLabel>
        <DetailsMenuSeparator />
        <DetailsMenuLink to="/dashboard/account">
          <User aria-hidden="true" />
          Profile
        </DetailsMenuLink>
        <DetailsMenuLink to="/dashboard/account/preferences">
          <SlidersHorizontal aria-hidden="true" />
          Preferences
        </DetailsMenuLink>
        <DetailsMenuSeparator />
        <Form method="post" action="/logout">
          <DetailsMenuButton type="submit">
            <LogOut aria-hidden="true" />
            Sign Out
          </DetailsMenuButton>
        </Form>
      </DetailsMenuContent>
    </DetailsMenu>
  );
}

/** Up to two initials for the avatar, from the first and last words of the name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}
