import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";

export type AccountTokenPurpose = "password-reset" | "email-change";

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/**
 * Issues a single-use token for a link sent by email and returns it; only its
 * SHA-256 is stored, so the table alone opens nothing. It expires `ttlMs` after `now`.
 */
export async function issueAccountToken(
  db: Database,
  options: { userId: string; purpose: AccountTokenPurpose; ttlMs: number; newEmail?: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date((options.now ?? new Date()).getTime() + options.ttlMs);
  await db
    .insertInto("accountTokens")
    .values({
      id: newId(),
      userId: options.userId,
      purpose: options.purpose,
      tokenHash: hashToken(token),
      newEmail: options.newEmail ?? null,
      expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Spends a token: answers its user (and the new email it confirms) once, or null when
 * it is unknown, of another purpose, expired or already used. One UPDATE ... WHERE
 * used_at IS NULL RETURNING, so of two concurrent uses exactly one wins.
 */
export async function consumeAccountToken(
  db: Database,
  options: { token: string; purpose: AccountTokenPurpose; now?: Date },
): Promise<{ userId: string; newEmail: string | null } | null> {
  if (!options.token || options.token.length > 256) return null;
  const now = options.now ?? new Date();
  const hash = hashToken(options.token);
  const row = await db
    .updateTable("accountTokens")
    .set({ usedAt: now })
    .where("tokenHash", "=", hash)
    .where("purpose", "=", options.purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning(["userId", "newEmail", "tokenHash"])
    .executeTakeFirst();
  // The index found the row by its hash; the comparison that decides is constant-time.
  if (!row || !timingSafeEqual(row.tokenHash, hash)) return null;
  return { userId: row.userId, newEmail: row.newEmail };
}

/** Whether a token could still be spent, without spending it: the reset form checks before asking for a password. */
export async function isAccountTokenValid(
  db: Database,
  options: { token: string; purpose: AccountTokenPurpose; now?: Date },
): Promise<boolean> {
  if (!options.token || options.token.length > 256) return false;
  const row = await db
    .selectFrom("accountTokens")
    .select("id")
    .where("tokenHash", "=", hashToken(options.token))
    .where("purpose", "=", options.purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", options.now ?? new Date())
    .executeTakeFirst();
  return row !== undefined;
}
