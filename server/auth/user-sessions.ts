import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isId } from "#db/ids.ts";

/** At most this many sessions are listed; a user has a handful, and the page stays bounded. */
export const SESSIONS_SHOWN = 100;

/** The user's sessions that still open the app, last seen first, this one marked `current`. */
export async function listUserSessions(
  db: Database,
  options: { userId: string; currentSessionId: string; now?: Date },
) {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "userAgent", "ip", "createdAt", "lastSeenAt"])
    .where("userId", "=", options.userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", options.now ?? new Date())
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc")
    .limit(SESSIONS_SHOWN)
    .execute();
  return rows.map((row) => ({ ...row, current: row.id === options.currentSessionId }));
}

/**
 * Ends one of the user's own sessions; its next request is signed out. Another user's
 * session, an ended one or a malformed id is NOT_FOUND.
 */
export async function revokeUserSession(
  db: Database,
  options: { userId: string; sessionId: string; now?: Date },
): Promise<void> {
  const result = isId(options.sessionId)
    ? await db
        .updateTable("sessions")
        .set({ revokedAt: options.now ?? new Date() })
        .where("id", "=", options.sessionId)
        .where("userId", "=", options.userId)
        .where("revokedAt", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!result || result.numUpdatedRows === 0n) throw new AppError("NOT_FOUND", "Session not found.");
}

/** "Sign out everywhere else": ends every session of the user but `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(
  db: Database,
  options: { userId: string; keepSessionId: string; now?: Date },
): Promise<number> {
  const result = await db
    .updateTable("sessions")
    .set({ revokedAt: options.now ?? new Date() })
    .where("userId", "=", options.userId)
    .where("id", "!=", options.keepSessionId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
