import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { consumeAccountToken, isAccountTokenValid, issueAccountToken } from "#server/auth/account-tokens.ts";
import { hashPassword } from "#server/auth/password.ts";
import { AppError } from "#server/errors.ts";
import type { RateRule } from "#server/rate-limits/counters.ts";
import { countHits } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";
import { INVALID_RESET_LINK } from "#shared/account/messages.ts";
import { runInBackground } from "./background.ts";
import { sendSystemMail } from "./system-mail.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";

/** A reset link works for an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Mails to one address: enough to retry a lost one, too few to flood an inbox. */
export const RESET_REQUESTS_PER_EMAIL: RateRule = { name: "reset-email", limit: 5, windowSeconds: 60 * 60 };
/** Requests from one address, whatever the emails asked for. */
export const RESET_REQUESTS_PER_IP: RateRule = { name: "reset-ip", limit: 20, windowSeconds: 60 * 60 };

function resetUrl(baseUrl: string, token: string): string {
  return new URL(`/reset-password?${new URLSearchParams({ token })}`, baseUrl).href;
}

async function findUserByEmail(db: Database, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

/**
 * Asks for a reset link by email. Answers the same, in the same time, whether or not
 * the email has an account: the rate limits count every request, and the lookup, token
 * and mail happen after the answer (runInBackground). RATE_LIMITED past 5 requests an
 * hour for one email or 20 from one IP.
 */
export async function requestPasswordReset(
  db: Database,
  options: { email: string; ip?: string | null; baseUrl: string; now?: Date },
): Promise<void> {
  const email = options.email.toLowerCase();
  const counted = await countHits(
    db,
    [
      { rule: RESET_REQUESTS_PER_EMAIL, key: email },
      { rule: RESET_REQUESTS_PER_IP, key: addressKey(options.ip) },
    ],
    { now: options.now },
  );
  refuseExceeded(counted, (wait) => `Too many reset requests. Please wait ${wait} and try again.`);
  runInBackground("password-reset-mail", async () => {
    const link = await createPasswordResetLink(db, { email, baseUrl: options.baseUrl, now: options.now });
    if (!link) return;
    await sendSystemMail(db, {
      userId: link.userId,
      mail: {
        to: link.email,
        subject: "Reset your Murmur password",
        text: `Someone asked to reset the password of your Murmur account.\n\nTo choose a new password, open this link within an hour: ${link.url}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
      },
    });
  });
}

/**
 * A single-use reset link for the account with this email, valid one hour, or null
 * when there is none. What the mail carries, and what `murmur reset-password` prints.
 */
export async function createPasswordResetLink(
  db: Database,
  options: { email: string; baseUrl: string; now?: Date },
): Promise<{ userId: string; email: string; url: string } | null> {
  const user = await findUserByEmail(db, options.email);
  if (!user) return null;
  const { token } = await issueAccountToken(db, {
    userId: user.id,
    purpose: "password-reset",
    ttlMs: RESET_TOKEN_TTL_MS,
    now: options.now,
  });
  return { userId: user.id, email: user.email, url: resetUrl(options.baseUrl, token) };
}

/** Whether the reset form should ask for a password at all. */
export function isResetTokenValid(db: Database, options: { token: string; now?: Date }): Promise<boolean> {
  return isAccountTokenValid(db, { ...options, purpose: "password-reset" });
}

/**
 * Sets a new password with a reset token and ends every session of its user. The
 * token is spent first (once, even under two concurrent uses); an unknown, used or
 * expired one is INVALID on the form as a whole, before any password is hashed.
 * The new password follows the signup rules (ResetPasswordSchema).
 */
export async function resetPassword(
  db: Database,
  options: { token: string; password: string; now?: Date },
): Promise<{ userId: string }> {
  const now = options.now ?? new Date();
  // Hashing costs 64 MiB and a CPU-second's share; only a live token earns it.
  if (!(await isResetTokenValid(db, { token: options.token, now }))) throw new AppError("INVALID", INVALID_RESET_LINK);
  const passwordHash = await hashPassword(options.password);
  return db.transaction().execute(async (trx) => {
    const spent = await consumeAccountToken(trx, { token: options.token, purpose: "password-reset", now });
    if (!spent) throw new AppError("INVALID", INVALID_RESET_LINK);
    await trx.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", spent.userId).execute();
    await trx
      .updateTable("sessions")
      .set({ revokedAt: now })
      .where("userId", "=", spent.userId)
      .where("revokedAt", "is", null)
      .execute();
    return { userId: spent.userId };
  });
}
