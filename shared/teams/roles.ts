/**
 * The roles a person holds in a team, from most to least able. Stored lowercase in
 * team_members.role; the JSON API speaks them uppercase (`OWNER`, ...), as the API
 * contract says.
 */
export const TEAM_ROLES = ["owner", "admin", "marketer", "viewer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  marketer: "Marketer",
  viewer: "Viewer",
};

export const API_TEAM_ROLES = ["OWNER", "ADMIN", "MARKETER", "VIEWER"] as const;
export type ApiTeamRole = (typeof API_TEAM_ROLES)[number];

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === "string" && (TEAM_ROLES as readonly string[]).includes(value);
}

export function toApiRole(role: TeamRole): ApiTeamRole {
  return role.toUpperCase() as ApiTeamRole;
}

export function fromApiRole(role: ApiTeamRole): TeamRole {
  return role.toLowerCase() as TeamRole;
}
