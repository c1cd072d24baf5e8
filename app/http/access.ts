import type { SessionUser } from "#server/auth/sessions.ts";
import { authorize, type Permission, type TeamAccess } from "#server/teams/permissions.ts";

/**
 * What the caller may do on their current team, as the domain functions take it: a
 * signed-in person, or an API key acting with the role it was given.
 */
export function accessOf(session: SessionUser): TeamAccess {
  const actor = session.apiKeyId
    ? ({ kind: "api-key", keyId: session.apiKeyId } as const)
    : ({ kind: "person", userId: session.user.id } as const);
  return { teamId: session.team.id, role: session.team.role, actor };
}

/**
 * The caller's access, refused with a 403 unless their role holds `permission`. Routes
 * check before reading the input, so a forbidden caller hears that rather than a
 * complaint about the form; the domain function checks again, whoever calls it.
 */
export function requireAccess(session: SessionUser, permission: Permission): TeamAccess {
  const access = accessOf(session);
  authorize(access, permission);
  return access;
}
