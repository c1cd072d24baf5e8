import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { consumeAccountToken, issueAccountToken } from "#server/auth/account-tokens.ts";
import { EMAIL_TAKEN } from "#server/auth/accounts.ts";
import { hashPassword, verifyPassword } from "#server/auth/password.ts";
import { AppError } from "#server/errors.ts";
import { countHits, type RateRule, refundHits } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";
import { sendSystemMail } from "./system-mail.ts";

/** A link confirming a new email address works for a day. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Wrong current passwords a person may give in the Profile's password form: someone
 * holding a signed-in browser must not be able to guess the password there without the
 * limit sign-in has. The right password does not count.
 */
export const CURRENT_PASSWORD_GUESSES: RateRule = { name: "current-password-user", limit: 10, windowSeconds: 15 * 60 };

/** Confirmation mails a user may ask for: each goes to an address of their choosing, so few. */
export const EMAIL_CHANGES_PER_USER: RateRule = { name: "email-change-user", limit: 5, windowSeconds: 60 * 60 };

export const WRONG_CURRENT_PASSWORD = "The current password is not right.";
export const INVALID_EMAIL_LINK =
  "This confirmation link is invalid or has expired. Ask for a new one from your profile.";

/** Renames the user; the account menu shows the new name from the next page on. */
export async function changeName(db: Database, options: { userId: string; name: string }): Promise<void> {
  await db
    .updateTable("users")
    .set({ name: options.name, updatedAt: new Date() })
    .where("id", "=", options.userId)
    .execute();
}

/**
 * Sets a new password given the current one, and ends every other session of the
 * user, keeping `keepSessionId` (the one asking). A wrong current password is
 * INVALID on `currentPassword` and changes nothing; past CURRENT_PASSWORD_GUESSES wrong
 * ones in the window, every try is RATE_LIMITED, the right password too.
 */
export async function changePassword(
  db: Database,
  options: { userId: string; keepSessionId: string; currentPassword: string; password: string },
): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", options.userId)
    .executeTakeFirstOrThrow();
  const guesses = await countHits(db, [{ rule: CURRENT_PASSWORD_GUESSES, key: options.userId }]);
  refuseExceeded(guesses, (wait) => `Too many wrong current passwords. Please wait ${wait} and try again.`);
  if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
    throw new AppError("INVALID", WRONG_CURRENT_PASSWORD, { fields: { currentPassword: [WRONG_CURRENT_PASSWORD] } });
  }
  await refundHits(db, guesses);
  const passwordHash = await hashPassword(options.password);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", options.userId).execute();
    await trx
      .updateTable("sessions")
      .set({ revokedAt: now })
      .where("userId", "=", options.userId)
      .where("id", "!=", options.keepSessionId)
      .where("revokedAt", "is", null)
      .execute();
  });
}

async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Mails a confirmation link (single-use, valid 24 hours) to the new address; the
 * account keeps its old email until the link is used. An address another account
 * uses is CONFLICT on `email`; past 5 requests an hour, RATE_LIMITED.
 */
export async function requestEmailChange(
  db: Database,
  options: { userId: string; newEmail: string; baseUrl: string; now?: Date },
): Promise<void> {
  const counted = await countHits(db, [{ rule: EMAIL_CHANGES_PER_USER, key: options.userId }], { now: options.now });
  refuseExceeded(counted, (wait) => `Too many email changes. Please wait ${wait} and try again.`);
  if (await isEmailTaken(db, options.newEmail)) {
    throw new AppError("CONFLICT", EMAIL_TAKEN, { fields: { email: [EMAIL_TAKEN] } });
  }
  const { token } = await issueAccountToken(db, {
    userId: options.userId,
    purpose: "email-change",
    ttlMs: EMAIL_CHANGE_TTL_MS,
    newEmail: options.newEmail,
    now: options.now,
  });
  const url = new URL(`/confirm-email?${new URLSearchParams({ token })}`, options.baseUrl).href;
  await sendSystemMail(db, {
    userId: options.userId,
    mail: {
      to: options.newEmail,
      subject: "Confirm your new Murmur email",
      text: `To use this address for your Murmur account, open this link within 24 hours: ${url}\n\nUntil then your account keeps its current email. If you did not ask for this, ignore this mail.`,
    },
  });
}

/**
 * Spends an email-change token and moves the account to the address it confirms.
 * An unknown, used or expired token is INVALID; an address taken since is CONFLICT.
 */
export async function confirmEmailChange(
  db: Database,
  options: { token: string; now?: Date },
): Promise<{ email: string }> {
  return db.transaction().execute(async (trx) => {
    const spent = await consumeAccountToken(trx, { token: options.token, purpose: "email-change", now: options.now });
    if (!spent?.newEmail) throw new AppError("INVALID", INVALID_EMAIL_LINK);
    try {
      await trx
        .updateTable("users")
        .set({ email: spent.newEmail, updatedAt: new Date() })
        .where("id", "=", spent.userId)
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === "23505") throw new AppError("CONFLICT", EMAIL_TAKEN);
      throw error;
    }
    return { email: spent.newEmail };
  });
}
