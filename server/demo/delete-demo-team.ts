import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { deleteTeamData } from "./delete-team-data.ts";

export const DEMO_NOT_FOUND = "Demo team not found.";

/**
 * "Delete demo": removes the access's demo team and all its data. Deleting a team is
 * an Owner's ("team.delete", else FORBIDDEN), checked before whether it is a demo. Their
 * session moves to their earliest other team first (the session row would go with the
 * team otherwise); a demo visitor left with no team is removed too, session and all.
 * A team that is not a demo, or not theirs, is NOT_FOUND: real teams are never deleted here.
 * Answers where the person lands: their other team's dashboard, or the landing page.
 */
export async function deleteDemoTeam(
  db: Database,
  options: { access: TeamAccess; userId: string; sessionId: string },
): Promise<{ next: "dashboard" | "home" }> {
  authorize(options.access, "team.delete");
  const { teamId } = options.access;
  const team = await db
    .selectFrom("teams")
    .innerJoin("teamMembers", "teamMembers.teamId", "teams.id")
    .innerJoin("users", "users.id", "teamMembers.userId")
    .select(["teams.id", "users.isDemo"])
    .where("teams.id", "=", teamId)
    .where("teams.isDemo", "=", true)
    .where("teamMembers.userId", "=", options.userId)
    .executeTakeFirst();
  if (!team) throw new AppError("NOT_FOUND", DEMO_NOT_FOUND);
  const other = await db
    .selectFrom("teamMembers")
    .select("teamId")
    .where("userId", "=", options.userId)
    .where("teamId", "<>", teamId)
    .orderBy("createdAt")
    .limit(1)
    .executeTakeFirst();
  if (other)
    await db.updateTable("sessions").set({ teamId: other.teamId }).where("id", "=", options.sessionId).execute();
  await deleteTeamData(db, { teamId });
  if (other) return { next: "dashboard" };
  if (team.isDemo) await db.deleteFrom("users").where("id", "=", options.userId).execute();
  return { next: "home" };
}
