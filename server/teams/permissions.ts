import { AppError } from "#server/errors.ts";
import { TEAM_ROLE_LABELS, type TeamRole } from "#shared/teams/roles.ts";

/** Who is acting: a signed-in person, or an API key acting with the role it was given. */
export type Actor = { kind: "person"; userId: string } | { kind: "api-key"; keyId: string };

/**
 * Who acts on a team: the team, the role held in it, and the actor. A session carries
 * one, and so does an API key; domain functions that change something take it and call
 * `authorize` first, so a route cannot forget the check (and the audit log knows who).
 */
export type TeamAccess = { teamId: string; role: TeamRole; actor: Actor };

const EVERYONE: readonly TeamRole[] = ["owner", "admin", "marketer", "viewer"];
const MARKETING: readonly TeamRole[] = ["owner", "admin", "marketer"];
const MANAGING: readonly TeamRole[] = ["owner", "admin"];
const OWNERS: readonly TeamRole[] = ["owner"];

/**
 * Every permission, the roles that hold it, and what it lets one do, in the words a
 * 403 uses ("A Viewer cannot send campaigns."). Reading the team's marketing data is
 * everyone's; provider secrets and API keys are not the Viewer's to read.
 */
const PERMISSIONS = {
  "team.read": { roles: EVERYONE, what: "see this team" },
  "contacts.write": { roles: MARKETING, what: "change contacts" },
  // Erasing everyone in a segment cannot be undone and may reach thousands: the team's managers decide it.
  "contacts.erase-segment": { roles: MANAGING, what: "erase a segment's contacts" },
  "imports.write": { roles: MARKETING, what: "import contacts" },
  "segments.write": { roles: MARKETING, what: "change segments" },
  "campaigns.write": { roles: MARKETING, what: "change campaigns" },
  "campaigns.send": { roles: MARKETING, what: "schedule or send campaigns" },
  "journeys.write": { roles: MARKETING, what: "change journeys" },
  "journeys.start": { roles: MARKETING, what: "start, pause or stop journeys" },
  "events.write": { roles: MARKETING, what: "send events" },
  "api-keys.read": { roles: MARKETING, what: "see API keys" },
  "api-keys.manage": { roles: MANAGING, what: "create or revoke API keys" },
  "channels.read": { roles: MARKETING, what: "see channel settings" },
  "channels.manage": { roles: MANAGING, what: "change channel settings" },
  "team-settings.manage": { roles: MANAGING, what: "change team settings" },
  "frequency-settings.manage": { roles: MANAGING, what: "change frequency caps and quiet hours" },
  "members.manage": { roles: MANAGING, what: "manage members and invitations" },
  "owners.manage": { roles: OWNERS, what: "manage owners" },
  "audit-log.read": { roles: MANAGING, what: "see the audit log" },
  "team.delete": { roles: OWNERS, what: "delete the team" },
} as const satisfies Record<string, { roles: readonly TeamRole[]; what: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role holds a permission: what pages ask to show or disable a control. */
export function can(role: TeamRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly TeamRole[]).includes(role);
}

/** The sentence a 403 answers with, naming the role and what it cannot do. */
export function forbiddenMessage(role: TeamRole, permission: Permission): string {
  const label = TEAM_ROLE_LABELS[role];
  return `${/^[AEIOU]/.test(label) ? "An" : "A"} ${label} cannot ${PERMISSIONS[permission].what}.`;
}

/** What a role may do, every permission with the sentence a refusal would say: what pages hand the browser. */
export type Abilities = Record<Permission, { allowed: boolean; reason: string | null }>;

/** Every permission's answer for a role, so pages can hide or disable what the role may not use, saying why. */
export function abilitiesOf(role: TeamRole): Abilities {
  const entries = (Object.keys(PERMISSIONS) as Permission[]).map((permission) => {
    const allowed = can(role, permission);
    return [permission, { allowed, reason: allowed ? null : forbiddenMessage(role, permission) }] as const;
  });
  return Object.fromEntries(entries) as Abilities;
}

/** Throws a 403 AppError unless the access's role holds the permission. */
export function authorize(access: TeamAccess, permission: Permission): void {
  if (!can(access.role, permission)) throw new AppError("FORBIDDEN", forbiddenMessage(access.role, permission));
}
