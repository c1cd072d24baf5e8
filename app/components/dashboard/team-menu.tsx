import { Form } from "react-router";
import {
  ArrowLeftRight,
  Building2,
  Check,
  ChevronsUpDown,
  BarChart3,
  Plus,
  Settings,
  Users,
} from "#app/components/ui/icons.ts";
import {
  DetailsMenu,
  DetailsMenuButton,
  DetailsMenuContent,
  DetailsMenuLabel,
  DetailsMenuLink,
  DetailsMenuSeparator,
  DetailsMenuTrigger,
} from "#app/components/ui/details-menu.tsx";

type Team = { id: string; name: string };

/**
 * The team the user is working in, and the others they belong to. Switching is a
 * POST form per team, so it works without JavaScript.
 */
export function TeamMenu({ team, teams }: { team: Team; teams: Team[] }) {
  return (
    <DetailsMenu data-testid="team-menu">
      <DetailsMenuTrigger>
        <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="max-w-40 truncate max-sm:sr-only">
          <span className="sr-only">Team: </span>
          {team.name}
        </span>
        <ChevronsUpDown className="size-4 text-muted-foreground max-sm:hidden" aria-hidden="true" />
      </DetailsMenuTrigger>
      <DetailsMenuContent>
        <DetailsMenuLabel>
          <p className="text-xs text-muted-foreground">Team</p>
          <p className="truncate font-medium">{team.name}</p>
        </DetailsMenuLabel>
        <DetailsMenuSeparator />
        <DetailsMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
          <ArrowLeftRight className="size-4" aria-hidden="true" />
          <span id="switch-team-heading">Switch Team</span>
        </DetailsMenuLabel>
        <ul aria-labelledby="switch-team-heading" className="max-h-64 overflow-y-auto">
          {teams.map((one) => (
            <li key={one.id}>
              <Form method="post" action="/dashboard/teams/switch">
                <input type="hidden" name="teamId" value={one.id} />
                <DetailsMenuButton type="submit" aria-current={one.id === team.id ? "true" : undefined}>
                  <span className="flex-1 truncate">{one.name}</span>
                  {one.id === team.id ? <Check aria-label="Current team" /> : null}
                </DetailsMenuButton>
              </Form>
            </li>
          ))}
        </ul>
        <DetailsMenuLink to="/dashboard/teams/new">
          <Plus aria-hidden="true" />
          Create team
        </DetailsMenuLink>
        <DetailsMenuSeparator />
        <DetailsMenuLink to="/dashboard/settings">
          <Settings aria-hidden="true" />
          Team Settings
        </DetailsMenuLink>
        <DetailsMenuLink to="/dashboard/settings/members">
          <Users aria-hidden="true" />
          Members
        </DetailsMenuLink>
        <DetailsMenuLink to="/dashboard/settings/usage">
          <BarChart3 aria-hidden="true" />
          Usage
        </DetailsMenuLink>
      </DetailsMenuContent>
    </DetailsMenu>
  );
}
