import type { Permission } from "#server/teams/permissions.ts";
import { useDashboardData } from "./use-dashboard-data.ts";

/**
 * Whether the signed-in role may use a control, and if not the reason to show beside
 * it ("A Viewer cannot change segments."). The answer comes from the dashboard
 * layout's loader; the server checks again on every action.
 */
export function useAbility(permission: Permission): { allowed: boolean; reason: string | null } {
  return useDashboardData().abilities[permission];
}
