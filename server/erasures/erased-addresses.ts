import { createHash } from "node:crypto";
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
 * strings given. One indexed lookup for the whole list (a chunk holds at most 10,000).
 */
export async function findErasedAddresses(db: Database, teamId: string, addresses: string[]): Promise<Set<string>> {
  const byHash = new Map(addresses.map((a) => [hashErasedAddress(teamId, a), a]));
  if (byHash.size === 0) return new Set();
  const rows = await db
    .selectFrom("erasedAddresses")
    .select("addressHash")
    .where("teamId", "=", teamId)
    .where("addressHash", "in", [...byHash.keys()])
    .execute();
  return new Set(rows.map((r) => byHash.get(r.addressHash)!));
}
