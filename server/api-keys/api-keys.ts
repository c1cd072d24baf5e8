import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { API_KEY_ROLES, type ApiKeyRole } from "#shared/api-keys/schemas.ts";
import { recordAudit } from "#server/audit/record.ts";

/** Keys start with this, so a leaked one is recognisable in logs and secret scanners, and told from a session token. */
export const API_KEY_PREFIX = "mak_";
/** How much of a key lists show: enough to tell keys apart, far too little to use. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
const NOT_FOUND = "API key not found.";

export type ApiKeyView = {
  id: string;
  name: string;
  role: ApiKeyRole;
  prefix: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

/** The column is checked to hold one of the key roles; anything else is read as the least able. */
function asRole(role: string): ApiKeyRole {
  return (API_KEY_ROLES as readonly string[]).includes(role) ? (role as ApiKeyRole) : "viewer";
}

/**
 * A new API key for the team, acting with `role` (never Owner). The key itself is
 * returned here and only here: the database keeps its SHA-256 and first characters.
 * Needs `api-keys.manage`; the acting person is recorded as the key's creator.
 */
export async function createApiKey(
  db: Database,
  options: { access: TeamAccess; name: string; role: ApiKeyRole },
): Promise<{ id: string; name: string; role: ApiKeyRole; key: string }> {
  authorize(options.access, "api-keys.manage");
  const { access } = options;
  // A key makes no keys: one leaked key must not mint others that outlive its revocation.
  if (access.actor.kind !== "person") throw new AppError("FORBIDDEN", "An API key cannot create API keys.");
  const name = options.name.trim();
  if (!name) throw new AppError("INVALID", "Key name is required", { fields: { name: ["Key name is required"] } });
  if (!(API_KEY_ROLES as readonly string[]).includes(options.role)) {
    throw new AppError("INVALID", "Role must be Admin, Marketer or Viewer", { fields: { role: ["Choose a role"] } });
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const id = newId();
  await db
    .insertInto("apiKeys")
    .values({
      id,
      teamId: access.teamId,
      name,
      role: options.role,
      keyHash: hashApiKey(key),
      prefix: key.slice(0, SHOWN_LENGTH),
      createdBy: access.actor.userId,
    })
    .execute();
  await recordAudit(db, {
    access,
    action: "api-key.created",
    target: { kind: "api-key", id, label: name },
    details: { role: options.role },
  });
  return { id, name, role: options.role, key };
}

const VIEW_COLUMNS = [
  "apiKeys.id",
  "apiKeys.name",
  "apiKeys.role",
  "apiKeys.prefix",
  "users.name as createdBy",
  "apiKeys.createdAt",
  "apiKeys.lastUsedAt",
  "apiKeys.revokedAt",
] as const;

function viewQuery(db: Database, teamId: string) {
  return db
    .selectFrom("apiKeys")
    .innerJoin("users", "users.id", "apiKeys.createdBy")
    .select(VIEW_COLUMNS)
    .where("apiKeys.teamId", "=", teamId);
}

/** The team's API keys, newest first, revoked ones included (marked), never the key itself. Needs `api-keys.read`. */
export async function listApiKeys(db: Database, options: { access: TeamAccess }): Promise<ApiKeyView[]> {
  authorize(options.access, "api-keys.read");
  const rows = await viewQuery(db, options.access.teamId)
    .orderBy("apiKeys.createdAt", "desc")
    .orderBy("apiKeys.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, role: asRole(row.role) }));
}

/** One API key of the team; an unknown, malformed or other team's id is NOT_FOUND. Needs `api-keys.read`. */
export async function getApiKey(db: Database, options: { access: TeamAccess; keyId: string }): Promise<ApiKeyView> {
  authorize(options.access, "api-keys.read");
  if (!isWellFormedId(options.keyId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = requireFound(
    await viewQuery(db, options.access.teamId).where("apiKeys.id", "=", options.keyId).executeTakeFirst(),
    NOT_FOUND,
  );
  return { ...row, role: asRole(row.role) };
}

/**
 * Revokes one of the team's API keys: from the next request on it is refused (401).
 * Revoking it again changes nothing. Needs `api-keys.manage`.
 */
export async function revokeApiKey(db: Database, options: { access: TeamAccess; keyId: string }): Promise<ApiKeyView> {
  authorize(options.access, "api-keys.manage");
  if (!isWellFormedId(options.keyId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const revoked = await db
    .updateTable("apiKeys")
    .set({ revokedAt: new Date() })
    .where("id", "=", options.keyId)
    .where("teamId", "=", options.access.teamId)
    .where("revokedAt", "is", null)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (revoked) {
    const target = { kind: "api-key" as const, id: revoked.id, label: revoked.name };
    await recordAudit(db, { access: options.access, action: "api-key.revoked", target });
  }
  return getApiKey(db, options);
}
