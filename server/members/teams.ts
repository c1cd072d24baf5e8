import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { moveSessionToTeam } from "#server/auth/sessions.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { isTeamRole, type TeamRole } from "#shared/teams/roles.ts";

export type TeamOfPerson = { id: string; name: string; role: TeamRole };

/** Teams one person may make: far more than anyone works in, and a bound on rows one account can add. */
export const TEAMS_PER_PERSON = 50;

/** The teams a person belongs to, by name, with their role in each: the Switch Team list. */
export async function listTeamsOf(db: Database, options: { userId: string }): Promise<TeamOfPerson[]> {
  const rows = await db
    .selectFrom("teamMembers")
    .innerJoin("teams", "teams.id", "teamMembers.teamId")
    .select(["teams.id", "teams.name", "teamMembers.role"])
    .where("teamMembers.userId", "=", options.userId)
    .orderBy("teams.name")
    .orderBy("teams.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, role: isTeamRole(row.role) ? row.role : "viewer" }));
}

/**
 * Creates a team with the person as its Owner. A person owns at most TEAMS_PER_PERSON
 * teams they created (CONFLICT past it).
 */
export async function createTeam(db: Database, options: { userId: string; name: string }): Promise<TeamOfPerson> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // Serialises one person's team creations, so the cap holds under parallel requests.
    await trx.selectFrom("users").select("id").where("id", "=", options.userId).forUpdate().executeTakeFirst();
    const { count } = await trx
      .selectFrom("teamMembers")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("userId", "=", options.userId)
      .where("role", "=", "owner")
      .executeTakeFirstOrThrow();
    if (Number(count) >= TEAMS_PER_PERSON) {
      throw new AppError("CONFLICT", `You can own at most ${TEAMS_PER_PERSON} teams.`);
    }
    await trx.insertInto("teams").values({ id, name: options.name }).execute();
    await trx.insertInto("teamMembers").values({ teamId: id, userId: options.userId, role: "owner" }).execute();
  });
  return { id, name: options.name, role: "owner" };
}

/**
 * Makes a team the session's current one: every page and API call then acts on it.
 * A team the person is not in is NOT_FOUND, as for one that does not exist.
 */
export async function switchTeam(
  db: Database,
  options: { sessionId: string; userId: string; teamId: string },
): Promise<TeamOfPerson> {
  const notFound = new AppError("NOT_FOUND", "Team not found.");
  if (!isWellFormedId(options.teamId)) throw notFound;
  if (!(await moveSessionToTeam(db, options))) throw notFound;
  const team = (await listTeamsOf(db, { userId: options.userId })).find((t) => t.id === options.teamId);
  if (!team) throw notFound;
  return team;
}
