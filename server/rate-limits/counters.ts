import type { Database } from "#db/database.ts";
import { sweepExpiredCounters } from "./sweep.ts";

/**
 * A limit: at most `limit` hits per `windowSeconds`. Windows are fixed and
 * aligned to the epoch, so every process agrees on which one a moment falls in
 * and a check is one upsert of one row. The price of fixed windows is that a
 * client can spend one window's allowance at its end and the next one's at the
 * start of the next: at most twice the limit in a short burst, never more.
 */
export type RateRule = { name: string; limit: number; windowSeconds: number };

/** One thing to count against a rule, e.g. the login-ip rule for 203.0.113.7. */
export type Hit = { rule: RateRule; key: string; amount?: number };

/** A hit as counted: the window's total including it, and what a refund needs. */
export type CountedHit = Hit & {
  bucket: string;
  windowStart: Date;
  hits: number;
  exceeded: boolean;
  /** Until the window ends, when the count starts again from zero. */
  retryAfterSeconds: number;
};

/**
 * Adds each hit to its rule's counter for the current window, in one statement,
 * and says which are now over their limit. Counting comes before deciding, so
 * parallel requests see each other and a burst cannot slip past the limit.
 * Hits must name different buckets (rule and key).
 */
export async function countHits(db: Database, hits: Hit[], options: { now?: Date } = {}): Promise<CountedHit[]> {
  const now = options.now ?? new Date();
  const rows = hits.map((hit) => {
    const windowMs = hit.rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    return { hit, bucket: `${hit.rule.name}:${hit.key}`, windowStart, windowEnd: windowStart.getTime() + windowMs };
  });
  // Always the same order of rows, so two requests upserting the same buckets cannot deadlock.
  rows.sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  await sweepExpiredCounters(db, now);
  const counted = await db
    .insertInto("rateLimitCounters")
    .values(
      rows.map(({ hit, bucket, windowStart, windowEnd }) => ({
        bucket,
        windowStart,
        hits: hit.amount ?? 1,
        expiresAt: new Date(windowEnd),
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["bucket", "windowStart"])
        .doUpdateSet((eb) => ({ hits: eb("rateLimitCounters.hits", "+", eb.ref("excluded.hits")) })),
    )
    .returning(["bucket", "hits"])
    .execute();
  const totals = new Map(counted.map((row) => [row.bucket, row.hits]));
  return rows.map(({ hit, bucket, windowStart, windowEnd }) => {
    const total = totals.get(bucket) ?? 0;
    return {
      ...hit,
      bucket,
      windowStart,
      hits: total,
      exceeded: total > hit.rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    };
  });
}

/** Takes counted hits back, in the window they were counted in: an attempt that turned out not to count. */
export async function refundHits(db: Database, counted: CountedHit[]): Promise<void> {
  for (const hit of counted) {
    await db
      .updateTable("rateLimitCounters")
      .set((eb) => ({ hits: eb("hits", "-", hit.amount ?? 1) }))
      .where("bucket", "=", hit.bucket)
      .where("windowStart", "=", hit.windowStart)
      .execute();
  }
}
