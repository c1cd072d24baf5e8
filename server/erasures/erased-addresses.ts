import { createHash } from "node:crypto";
import { sql } from "kysely";
import { textArrayLiteral } from "#db/array-literals.ts";
import type { Database } from "#db/database.ts";

/** The reason an import or an identify gives for leaving out an erased person. */
export const ERASED_REASON = "Erased at the contact's request";

/**
 * The stored form of an erased address: SHA-256 of "<team id>:<address>", the
 * email lower-cased. The team id salts it, so the same person's hash differs
 * between teams and one team's list says nothing about another's.
 */
export function hashErasedAddress(teamId: string, address: string): string {
  return createHash("sha256").update(`${teamId}:${address.trim().toLowerCase()}`).digest("hex");
}

/** Remembers addresses of an erased contact (already-known ones are kept as they are). */
export async function rememberErasedAddresses(db: Database, teamId: string, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db
    .insertInto("erasedAddresses")
    .values(addresses.map((a) => ({ teamId, addressHash: hashErasedAddress(teamId, a) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Which of `addresses` belong to contacts erased at their request, as the same
 * strings given. Most teams have erased no one: an indexed probe for any erased
 * address of the team comes first and spares hashing every address of an import's
 * chunk or a tracking batch (a fifth of the server's CPU during an import). When
 * there are some, one lookup for the whole list, the hashes sent as one array.
 */
export async function findErasedAddresses(db: Database, teamId: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const anyErased = await db
    .selectFrom("erasedAddresses")
    .select("teamId")
    .where("teamId", "=", teamId)
    .limit(1)
    .executeTakeFirst();
  if (!anyErased) return new Set();
  const byHash = new Map(addresses.map((a) => [hashErasedAddress(teamId, a), a]));
  const rows = await db
    .selectFrom("erasedAddresses")
    .select("addressHash")
    .where("teamId", "=", teamId)
    .where("addressHash", "=", sql<string>`any(${textArrayLiteral([...byHash.keys()])}::text[])`)
    .execute();
  return new Set(rows.map((r) => byHash.get(r.addressHash)!));
}
