import {
  Activity,
  BarChart3,
  type Icon,
  LayoutDashboard,
  Layers,
  Send,
  Settings,
  Users,
  Waypoints,
} from "#app/components/ui/icons.ts";

export type NavItem = { label: string; to: string; icon: Icon };

/** The side navigation, in the spec's order, with Journeys after Broadcasts. */
export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
  { label: "Events", to: "/dashboard/events", icon: Activity },
  { label: "Contacts", to: "/dashboard/contacts", icon: Users },
  { label: "Segments", to: "/dashboard/segments", icon: Layers },
  { label: "Broadcasts", to: "/dashboard/broadcasts", icon: Send },
  { label: "Journeys", to: "/dashboard/journeys", icon: Waypoints },
  { label: "Analytics", to: "/dashboard/analytics", icon: BarChart3 },
  { label: "Settings", to: "/dashboard/settings", icon: Settings },
];

/**
 * The spec's rule: Dashboard is active only on its exact path (every other page
 * lives under it); any other item is active when the path starts with its route.
 */
export function isNavItemActive(pathname: string, to: string): boolean {
  return to === "/dashboard" ? pathname === to || pathname === `${to}/` : pathname.startsWith(to);
}
