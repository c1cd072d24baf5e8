import type { SessionUser } from "#server/auth/sessions.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";

/** What a signed-in person may do on their current team, as the domain functions take it. */
export function accessOf(session: SessionUser): TeamAccess {
  return { teamId: session.team.id, role: session.team.role, actor: { kind: "person", userId: session.user.id } };
}
