import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/database.ts";
import { newId } from "../../db/ids.ts";
import { AppError } from "../errors.ts";

/** Keys start with this, so a leaked one is recognisable in logs and secret scanners. */
const KEY_PREFIX = "mwk_";
/** How much of a key lists show: enough to tell keys apart, far too little to use. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;

export type WriteKeyView = { id: string; name: string; prefix: string; createdAt: Date; revokedAt: Date | null };

export function hashWriteKey(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

/**
 * A new write key for the tracking API. The key itself is returned here and only
 * here: the database keeps its SHA-256 and its first characters.
 */
export async function createWriteKey(
  db: Database,
  options: { teamId: string; name: string },
): Promise<{ id: string; name: string; key: string }> {
  const name = options.name.trim();
  if (!name) throw new AppError("INVALID", "Key name is required", { fields: { name: ["Key name is required"] } });
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  const id = newId();
  await db
    .insertInto("writeKeys")
    .values({ id, teamId: options.teamId, name, keyHash: hashWriteKey(key), prefix: key.slice(0, SHOWN_LENGTH) })
    .execute();
  return { id, name, key };
}

/** The team's write keys, newest first, revoked ones included (marked), never the key itself. */
export function listWriteKeys(db: Database, options: { teamId: string }): Promise<WriteKeyView[]> {
  return db
    .selectFrom("writeKeys")
    .select(["id", "name", "prefix", "createdAt", "revokedAt"])
    .where("teamId", "=", options.teamId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function findWriteKey(db: Database, options: { teamId: string; keyId: string }): Promise<WriteKeyView | undefined> {
  return db
    .selectFrom("writeKeys")
    .select(["id", "name", "prefix", "createdAt", "revokedAt"])
    .where("id", "=", options.keyId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
}

/** Revokes a key of this team; revoking it again changes nothing. Another team's key is not found. */
export async function revokeWriteKey(db: Database, options: { teamId: string; keyId: string }): Promise<WriteKeyView> {
  await db
    .updateTable("writeKeys")
    .set({ revokedAt: new Date() })
    .where("id", "=", options.keyId)
    .where("teamId", "=", options.teamId)
    .where("revokedAt", "is", null)
    .execute();
  const key = await findWriteKey(db, options);
  if (!key) throw new AppError("NOT_FOUND", "API key not found.");
  return key;
}

/** The team a live (not revoked) write key belongs to, or null. */
export async function teamOfWriteKey(db: Database, key: string): Promise<string | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const row = await db
    .selectFrom("writeKeys")
    .select("teamId")
    .where("keyHash", "=", hashWriteKey(key))
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return row?.teamId ?? null;
}
