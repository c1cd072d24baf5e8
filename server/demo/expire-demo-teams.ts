import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { deleteTeamData } from "./delete-team-data.ts";

/** How long a visitor's demo lives. */
export const DEMO_LIFETIME_HOURS = 24;
/** Teams removed per run: the rest wait for the next run, so one run stays short. */
const TEAMS_PER_RUN = 20;

/**
 * Removes demo teams older than DEMO_LIFETIME_HOURS whose every member is a demo
 * visitor, then the demo visitors left without a team (their sessions go with them).
 * Demo teams of real people (Watch Demo while signed in, `npm run seed:demo`) stay
 * until they delete them. Answers how many teams were removed.
 */
export async function expireDemoTeams(db: Database, options: { now: Date }): Promise<number> {
  const before = new Date(options.now.getTime() - DEMO_LIFETIME_HOURS * 3_600_000);
  const teams = await db
    .selectFrom("teams")
    .select("id")
    .where("isDemo", "=", true)
    .where("createdAt", "<", before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("teamMembers")
            .innerJoin("users", "users.id", "teamMembers.userId")
            .select(sql`1`.as("one"))
            .whereRef("teamMembers.teamId", "=", "teams.id")
            .where("users.isDemo", "=", false),
        ),
      ),
    )
    .orderBy("createdAt")
    .limit(TEAMS_PER_RUN)
    .execute();
  for (const team of teams) await deleteTeamData(db, { teamId: team.id });
  await db
    .deleteFrom("users")
    .where("isDemo", "=", true)
    .where("createdAt", "<", before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("teamMembers")
            .select(sql`1`.as("one"))
            .whereRef("teamMembers.userId", "=", "users.id"),
        ),
      ),
    )
    .execute();
  return teams.length;
}
