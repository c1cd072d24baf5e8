import { getDb } from "#db/database.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";
import type { TeamRole } from "#shared/teams/roles.ts";

/**
 * The access a team's member holds, as a signed-in person of that role would hand it
 * to domain functions: the team's first Owner (the person who signed up) unless a
 * `userId` is given.
 */
export async function memberAccess(teamId: string, role: TeamRole = "owner", userId?: string): Promise<TeamAccess> {
  const member =
    userId ??
    (
      await getDb()
        .selectFrom("teamMembers")
        .select("userId")
        .where("teamId", "=", teamId)
        .where("role", "=", "owner")
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).userId;
  return { teamId, role, actor: { kind: "person", userId: member } };
}

/** The Owner's access to a team: what tests that are not about roles act with. */
export function ownerAccess(teamId: string): Promise<TeamAccess> {
  return memberAccess(teamId, "owner");
}
