import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import type { WriteKeyKind } from "#shared/write-keys/schemas.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

/** Keys start with this, so a leaked one is recognisable in logs and secret scanners. */
const KEY_PREFIX = "mwk_";
/** How much of a key lists show: enough to tell keys apart, far too little to use. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;

export type WriteKeyView = {
  id: string;
  name: string;
  kind: WriteKeyKind;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
};

const VIEW_COLUMNS = ["id", "name", "kind", "prefix", "createdAt", "revokedAt"] as const;

export function hashWriteKey(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

/**
 * A new write key for the tracking API, of the kind asked for (see WRITE_KEY_KINDS).
 * The key itself is returned here and only here: the database keeps its SHA-256
 * and its first characters.
 */
export async function createWriteKey(
  db: Database,
  options: { access: TeamAccess; name: string; kind: WriteKeyKind },
): Promise<{ id: string; name: string; kind: WriteKeyKind; key: string }> {
  authorize(options.access, "api-keys.manage");
  const { teamId } = options.access;
  const name = options.name.trim();
  if (!name) throw new AppError("INVALID", "Key name is required", { fields: { name: ["Key name is required"] } });
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  const id = newId();
  await db
    .insertInto("writeKeys")
    .values({
      id,
      teamId,
      name,
      kind: options.kind,
      keyHash: hashWriteKey(key),
      prefix: key.slice(0, SHOWN_LENGTH),
    })
    .execute();
  await recordAudit(db, {
    access: options.access,
    action: "write-key.created",
    target: { kind: "write-key", id, label: name },
    details: { kind: options.kind },
  });
  return { id, name, kind: options.kind, key };
}

/** The team's write keys, newest first, revoked ones included (marked), never the key itself. */
export async function listWriteKeys(db: Database, options: { access: TeamAccess }): Promise<WriteKeyView[]> {
  authorize(options.access, "api-keys.read");
  const { teamId } = options.access;
  const rows = await db
    .selectFrom("writeKeys")
    .select(VIEW_COLUMNS)
    .where("teamId", "=", teamId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(asView);
}

const NOT_FOUND = "API key not found.";

/** One write key of the team, as lists show it. An unknown id, a malformed one and another team's are all NOT_FOUND. */
export async function getWriteKey(db: Database, options: { teamId: string; keyId: string }): Promise<WriteKeyView> {
  if (!isWellFormedId(options.keyId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = await db
    .selectFrom("writeKeys")
    .select(VIEW_COLUMNS)
    .where("id", "=", options.keyId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  return asView(requireFound(row, NOT_FOUND));
}

function asView(row: Omit<WriteKeyView, "kind"> & { kind: string }): WriteKeyView {
  return { ...row, kind: asKind(row.kind) };
}

/** The column is checked to hold a kind; anything else would get the lesser one. */
function asKind(kind: string): WriteKeyKind {
  return kind === "server" ? "server" : "client";
}

/**
 * Revokes a key of this team; revoking it again changes nothing. Another team's key, or an unknown or malformed id, is
 * NOT_FOUND.
 */
export async function revokeWriteKey(
  db: Database,
  options: { access: TeamAccess; keyId: string },
): Promise<WriteKeyView> {
  authorize(options.access, "api-keys.manage");
  const { teamId } = options.access;
  if (!isWellFormedId(options.keyId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const revoked = await db
    .updateTable("writeKeys")
    .set({ revokedAt: new Date() })
    .where("id", "=", options.keyId)
    .where("teamId", "=", teamId)
    .where("revokedAt", "is", null)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (revoked) {
    const target = { kind: "write-key" as const, id: revoked.id, label: revoked.name };
    await recordAudit(db, { access: options.access, action: "write-key.revoked", target });
  }
  return getWriteKey(db, { teamId, keyId: options.keyId });
}

/** A live (not revoked) write key as the tracking API uses it: its id, its team and its kind. */
export type LiveWriteKey = { id: string; teamId: string; kind: WriteKeyKind };

/** The live write key `key` is, or null when it is unknown or revoked. */
export async function findLiveWriteKey(db: Database, key: string): Promise<LiveWriteKey | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const row = await db
    .selectFrom("writeKeys")
    .select(["id", "teamId", "kind"])
    .where("keyHash", "=", hashWriteKey(key))
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return row ? { id: row.id, teamId: row.teamId, kind: asKind(row.kind) } : null;
}
