import { randomUUID } from "node:crypto";
import { getDb } from "#db/database.ts";
import { createAccount } from "#server/auth/accounts.ts";
import { createSession } from "#server/auth/sessions.ts";
import { TEAM_ROLE_LABELS, type TeamRole } from "#shared/teams/roles.ts";
import { sessionCookieHeader } from "./requests.ts";

// Each test makes its own people through the same domain functions signup uses,
// so no test depends on another's rows or on a shared seed.

export const TEST_PASSWORD = "correct horse battery staple";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID()}@murmur.test`;
}

export type TestUser = { userId: string; teamId: string; name: string; email: string; password: string };

/** A user with their own team, as after signing up. */
export async function createUser(
  overrides: Partial<Pick<TestUser, "name" | "email" | "password">> = {},
): Promise<TestUser> {
  const name = overrides.name ?? `Ada ${randomUUID().slice(0, 8)}`;
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? TEST_PASSWORD;
  const { userId, teamId } = await createAccount(getDb(), { name, email, password });
  return { userId, teamId, name, email, password };
}

/** A user with an open session, and the token a client would hold for it. */
export async function createSignedInUser(
  overrides: Parameters<typeof createUser>[0] = {},
): Promise<TestUser & { token: string }> {
  const user = await createUser(overrides);
  const { token } = await createSession(getDb(), { userId: user.userId, teamId: user.teamId });
  return { ...user, token };
}

/**
 * A user signed in as a client would be: the session token for the API's Bearer
 * header, and the Cookie header their browser sends to the dashboard.
 */
export async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createSignedInUser(overrides);
  return { ...user, cookie: { Cookie: await sessionCookieHeader(user.token) } };
}

export type TeamMember = { userId: string; token: string; cookie: { Cookie: string } };

/**
 * One team with a signed-in member of each role: the Owner who signed up, and an
 * Admin, a Marketer and a Viewer added to the team as the members page would add them.
 */
export async function teamWithRoles(): Promise<{ teamId: string; members: Record<TeamRole, TeamMember> }> {
  const owner = await signedIn({ name: "Olive Owner" });
  const members = { owner: { userId: owner.userId, token: owner.token, cookie: owner.cookie } } as Record<
    TeamRole,
    TeamMember
  >;
  for (const role of ["admin", "marketer", "viewer"] as const) {
    const person = await createUser({ name: `${TEAM_ROLE_LABELS[role]} ${randomUUID().slice(0, 4)}` });
    await getDb().insertInto("teamMembers").values({ teamId: owner.teamId, userId: person.userId, role }).execute();
    const { token } = await createSession(getDb(), { userId: person.userId, teamId: owner.teamId });
    members[role] = { userId: person.userId, token, cookie: { Cookie: await sessionCookieHeader(token) } };
  }
  return { teamId: owner.teamId, members };
}
