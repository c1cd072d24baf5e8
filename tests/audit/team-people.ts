import { getDb } from "#db/database.ts";
import { createSession, findSession } from "#server/auth/sessions.ts";
import type { TeamRole } from "#shared/teams/roles.ts";
import { createUser, type TestUser } from "../factories.ts";
import { sessionCookieHeader } from "../requests.ts";

/**
 * A person who joined `teamId` with `role` (as an accepted invitation leaves them) and
 * is signed in to it: their token for the API and their browser's Cookie header.
 */
export async function memberOf(teamId: string, role: TeamRole) {
  const user = await createUser();
  await getDb().insertInto("teamMembers").values({ teamId, userId: user.userId, role }).execute();
  const { token } = await createSession(getDb(), { userId: user.userId, teamId });
  return { ...user, teamId, token, cookie: { Cookie: await sessionCookieHeader(token) } };
}

/** The session the dashboard's middleware would find for this token. */
export async function sessionOf(user: { token: string }) {
  return (await findSession(getDb(), user.token))!;
}

/** The team's access as a route hands it to domain functions, for a signed-in person. */
export function personAccess(user: Pick<TestUser, "userId" | "teamId">, role: TeamRole = "owner") {
  return { teamId: user.teamId, role, actor: { kind: "person" as const, userId: user.userId } };
}
