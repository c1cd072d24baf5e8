import { ArrowLeftRight, BarChart3, Building2, ChevronsUpDown, Settings } from "#app/components/ui/icons.ts";
import {
  DetailsMenu,
  DetailsMenuContent,
  DetailsMenuLabel,
  DetailsMenuLink,
  DetailsMenuSeparator,
  DetailsMenuTrigger,
  DetailsMenuUpcoming,
} from "#app/components/ui/details-menu.tsx";

/** The team the user is working in. Switching teams, team settings and billing are planned, not yet there. */
export function TeamMenu({ team }: { team: { name: string } }) {
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
        <DetailsMenuUpcoming icon={<ArrowLeftRight aria-hidden="true" />}>Switch Team</DetailsMenuUpcoming>
        <DetailsMenuUpcoming icon={<Settings aria-hidden="true" />}>Team Settings</DetailsMenuUpcoming>
        <DetailsMenuLink to="/dashboard/settings/usage">
          <BarChart3 aria-hidden="true" />
          Usage
        </DetailsMenuLink>
      </DetailsMenuContent>
    </DetailsMenu>
  );
}
