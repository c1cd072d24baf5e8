import { getDb } from "#db/database.ts";
import { listNotifications } from "#server/notifications/inbox.ts";
import { createUser, type TestUser } from "../factories.ts";

/** A second person in `team`, as a Marketer: what an accepted invitation leaves. */
export async function addMember(teamId: string): Promise<TestUser> {
  const member = await createUser();
  await getDb().insertInto("teamMembers").values({ teamId, userId: member.userId, role: "marketer" }).execute();
  return { ...member, teamId };
}

/** What the bell's page would show the person in the team: titles, newest first. */
export async function titlesFor(person: { userId: string; teamId: string }): Promise<string[]> {
  const page = await listNotifications(getDb(), { ...person, limit: 50 });
  return page.rows.map((row) => row.title);
}
