import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { recordAudit } from "./record.ts";

export type SignInClient = { ip?: string | null; userAgent?: string | null };

/** Records that a person signed in, in the team the session opened on. */
export async function recordSignIn(
  db: Database,
  options: { userId: string; teamId: string; client: SignInClient },
): Promise<void> {
  await recordAudit(db, {
    access: { teamId: options.teamId, actor: { kind: "person", userId: options.userId } },
    action: "sign-in",
    target: { kind: "team", id: options.teamId },
    details: options.client.userAgent ? { userAgent: options.client.userAgent } : {},
    ip: options.client.ip,
  });
}

/**
 * Records a failed sign-in in every team of the account whose email was tried, under
 * that person's name, so its Owners and Admins see attempts on their people. An email
 * with no account records nothing. The caller learns nothing either way: this answers
 * nothing, and the lookup runs whether the email is known or not.
 */
export async function recordFailedSignIn(
  db: Database,
  options: { email: string; client: SignInClient },
): Promise<void> {
  const memberships = await db
    .selectFrom("users")
    .innerJoin("teamMembers", "teamMembers.userId", "users.id")
    .select(["users.id as userId", "users.email", "teamMembers.teamId"])
    .where(sql`lower(users.email)`, "=", options.email.toLowerCase())
    .execute();
  for (const { userId, email, teamId } of memberships) {
    await recordAudit(db, {
      access: { teamId, actor: { kind: "person", userId } },
      action: "sign-in.failed",
      target: { kind: "user", id: userId, label: email },
      details: options.client.userAgent ? { userAgent: options.client.userAgent } : {},
      ip: options.client.ip,
    });
  }
}
