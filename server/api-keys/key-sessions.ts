import type { Database } from "#db/database.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import { API_KEY_ROLES, type ApiKeyRole } from "#shared/api-keys/schemas.ts";
import { API_KEY_PREFIX, hashApiKey } from "./api-keys.ts";

// "Last used" on the API keys card needs minutes, not milliseconds: at most one write a minute a key.
const LAST_USED_EVERY_MS = 60 * 1000;

/** Whether a Bearer token is an API key rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The caller behind a live API key, in the shape a session has, or null when the key
 * is unknown or revoked. A key is not a person: `apiKeyId` names it, `team.role` is
 * the key's own role, and `user` is the person who created it (answerable for it).
 */
export async function findApiKeySession(db: Database, key: string): Promise<SessionUser | null> {
  if (!isApiKey(key) || key.length > 100) return null;
  const row = await db
    .selectFrom("apiKeys")
    .innerJoin("teams", "teams.id", "apiKeys.teamId")
    .innerJoin("users", "users.id", "apiKeys.createdBy")
    .select([
      "apiKeys.id",
      "apiKeys.role",
      "apiKeys.lastUsedAt",
      "teams.id as teamId",
      "teams.name as teamName",
      "users.id as userId",
      "users.name as userName",
      "users.email as userEmail",
    ])
    .where("apiKeys.keyHash", "=", hashApiKey(key))
    .where("apiKeys.revokedAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .updateTable("apiKeys")
      .set({ lastUsedAt: new Date(now) })
      .where("id", "=", row.id)
      .execute();
  }
  // The column is checked to hold a key role; anything else is read as the least able one.
  const role: ApiKeyRole = (API_KEY_ROLES as readonly string[]).includes(row.role)
    ? (row.role as ApiKeyRole)
    : "viewer";
  return {
    sessionId: row.id,
    apiKeyId: row.id,
    // A key does not expire; it lasts until revoked.
    expiresAt: new Date(8.64e15),
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    team: { id: row.teamId, name: row.teamName, role },
  };
}
