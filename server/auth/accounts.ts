import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password.ts";
import type { LoginInput, SignupInput } from "#shared/auth/schemas.ts";

export type Account = { userId: string; teamId: string };

export const EMAIL_TAKEN = "An account with this email already exists.";
export const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * Creates a user and their team, with the user as its owner, in one transaction.
 * Emails are unique whatever their case; a taken one is a CONFLICT on `email`.
 */
export async function createAccount(db: Database, input: SignupInput): Promise<Account> {
  const passwordHash = await hashPassword(input.password);
  const teamId = newId();
  const userId = await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, { email: input.email, name: input.name, passwordHash });
    await trx
      .insertInto("teams")
      .values({ id: teamId, name: `${input.name}'s team` })
      .execute();
    await trx.insertInto("teamMembers").values({ teamId, userId, role: "owner" }).execute();
    return userId;
  });
  return { userId, teamId };
}

/**
 * Adds a user row and returns its id, for a caller that decides which team they join
 * (their own, or the one an invitation names). A taken email, whatever its case, is a
 * CONFLICT on `email`.
 */
export async function insertUser(
  db: Database,
  options: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const id = newId();
  try {
    await db
      .insertInto("users")
      .values({ id, ...options })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) {
      throw new AppError("CONFLICT", EMAIL_TAKEN, { fields: { email: [EMAIL_TAKEN] } });
    }
    throw error;
  }
  return id;
}

/**
 * Checks an email and password; the same UNAUTHENTICATED error whether the email or the
 * password is wrong. Answers the team the person joined first; someone who belongs to
 * no team any more (removed from the last one) gets a new team of their own, so they
 * can sign in and be invited again.
 */
export async function authenticate(db: Database, input: LoginInput): Promise<Account> {
  const user = await db
    .selectFrom("users")
    .leftJoin("teamMembers", "teamMembers.userId", "users.id")
    .select(["users.id as userId", "users.name", "users.passwordHash", "teamMembers.teamId"])
    .where(sql`lower(users.email)`, "=", input.email.toLowerCase())
    .orderBy("teamMembers.createdAt")
    .limit(1)
    .executeTakeFirst();
  if (!user) {
    await verifyAgainstDecoy(input.password);
    throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
  }
  const teamId = user.teamId ?? (await createOwnTeam(db, { userId: user.userId, name: user.name }));
  return { userId: user.userId, teamId };
}

async function createOwnTeam(db: Database, options: { userId: string; name: string }): Promise<string> {
  const teamId = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("teams")
      .values({ id: teamId, name: `${options.name}'s team` })
      .execute();
    await trx.insertInto("teamMembers").values({ teamId, userId: options.userId, role: "owner" }).execute();
  });
  return teamId;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === "23505" && pgError.constraint === constraint;
}
