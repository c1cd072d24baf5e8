import { sql } from "kysely";
import type { Database } from "#db/database.ts";

// How common each trigram key of the search index is, from the statistics
// ANALYZE keeps for contact_search.trigrams. PostgreSQL estimates a search for
// several keys as the product of their shares, as if they were independent:
// "lovelace", in a fifth of the contacts, comes out as one in 10,000, and the
// planner reads the index's entries for all six keys (a fifth of the table
// each) where reading the contacts until a page is full would have been at
// once. The search uses these shares to leave the common keys out.

/** A key in at least this share of indexed contacts narrows a search too little to be worth its index entries. */
export const COMMON_KEY_SHARE = 0.05;

// Statistics change with ANALYZE, a few times an hour at most on a large table.
const REFRESH_MS = 5 * 60_000;

type Shares = { byKey: Map<number, number>; loadedAt: number };
let cached: Promise<Shares> | null = null;

/**
 * The keys of `keys` held by fewer than COMMON_KEY_SHARE of the indexed contacts,
 * per the last ANALYZE (every key, before there are statistics). Invariant: a
 * subset of `keys`, so a contact whose text contains the word still holds them
 * all. Read from pg_stats at most every five minutes per process.
 */
export async function findRareKeys(db: Database, keys: readonly number[], now = Date.now()): Promise<number[]> {
  let shares = cached && (await cached);
  if (!shares || now - shares.loadedAt > REFRESH_MS) {
    cached = loadShares(db, now);
    cached.catch(() => (cached = null));
    shares = await cached;
  }
  const byKey = shares.byKey;
  return keys.filter((key) => (byKey.get(key) ?? 0) < COMMON_KEY_SHARE);
}

async function loadShares(db: Database, now: number): Promise<Shares> {
  const result = await sql<{ elements: string | null; shares: number[] | null }>`
    select most_common_elems::text as elements, most_common_elem_freqs as shares from pg_stats
    where schemaname = current_schema() and tablename = 'contact_search' and attname = 'trigrams'
  `.execute(db);
  const row = result.rows[0];
  const byKey = new Map<number, number>();
  if (row?.elements && row.shares) {
    // most_common_elem_freqs ends with three more figures (least, greatest, nulls) than there are elements.
    row.elements
      .slice(1, -1)
      .split(",")
      .forEach((element, i) => byKey.set(Number(element), row.shares![i]!));
  }
  return { byKey, loadedAt: now };
}

/** Forgets the shares read so far, so the next search reads the statistics again (after an ANALYZE in a test). */
export function forgetKeyShares(): void {
  cached = null;
}
