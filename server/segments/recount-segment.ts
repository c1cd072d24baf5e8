import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { type CountSlots, countSlots } from "./count-slots.ts";
import { FILTER_READ_TIMEOUT_MS } from "./filter/without-jit.ts";
import { countSegmentMembers } from "./members.ts";

/** What one recount did: stored a count, could not count (and recorded the attempt), or found no such segment. */
export type RecountOutcome =
  | { status: "counted"; contactCount: number; countedAt: Date }
  | { status: "not-counted"; reason: "too-slow" | "too-large" | "busy" }
  | { status: "not-found" };

export type RecountOptions = {
  segmentId: string;
  /** When given, a segment of another team is not found. */
  teamId?: string;
  /** The longest the count may run before PostgreSQL cancels it. */
  timeoutMs?: number;
  /** How long to wait for one of the process's count slots; none free in time is "busy" and records nothing. */
  slotWaitMs?: number;
  /** The clock the count's time is read from. */
  now?: () => Date;
  slots?: CountSlots;
};

type Counted = { id: string; teamId: string; kind: string; filter: unknown; attemptedAt: string };

/**
 * Counts one segment's members now and stores the count with the time the
 * count started, so lists show it without counting. Invariants:
 * - at most the process's count slots run at once, each under a statement timeout;
 * - a count is stored only if no edit reset the segment while it ran (an edit
 *   asks for a count of the new tree, which this one is not);
 * - a static segment's row is locked while it is counted, so members added
 *   meanwhile (counted by the segment_members trigger) are neither lost nor
 *   counted twice;
 * - a count that fails keeps the last good count; one that never succeeded is
 *   stored as null with the attempt's time ("not counted"). Either way the
 *   attempt's time is recorded, so the worker tries again only once it is due.
 */
export async function recountSegment(db: Database, options: RecountOptions): Promise<RecountOutcome> {
  const now = options.now ?? (() => new Date());
  const segment = await readSegment(db, options);
  if (!segment) return { status: "not-found" };
  const release = await (options.slots ?? countSlots).acquire(options.slotWaitMs ?? 0);
  if (!release) return { status: "not-counted", reason: "busy" };
  try {
    const countedAt = now();
    const timeoutMs = options.timeoutMs ?? FILTER_READ_TIMEOUT_MS;
    try {
      const contactCount =
        segment.kind === "static"
          ? await db.transaction().execute(async (trx) => {
              await trx.selectFrom("segments").select("id").where("id", "=", segment.id).forUpdate().execute();
              const n = await countSegmentMembers(trx, { teamId: segment.teamId, segment, timeoutMs });
              await storeCount(trx, segment, { contactCount: n, countedAt });
              return n;
            })
          : await countSegmentMembers(db, { teamId: segment.teamId, segment, timeoutMs });
      if (segment.kind !== "static") await storeCount(db, segment, { contactCount, countedAt });
      return { status: "counted", contactCount, countedAt };
    } catch (error) {
      if (!isAppError(error) || (error.code !== "UNAVAILABLE" && error.code !== "TOO_LARGE")) throw error;
      const reason = error.code === "TOO_LARGE" ? "too-large" : "too-slow";
      await storeFailure(db, segment, { reason, attemptedAt: countedAt });
      return { status: "not-counted", reason };
    }
  } finally {
    release();
  }
}

async function readSegment(db: Database, options: RecountOptions): Promise<Counted | undefined> {
  let query = db
    .selectFrom("segments")
    .select(["id", "teamId", "kind", "filter", sql<string>`count_attempted_at::text`.as("attemptedAt")])
    .where("id", "=", options.segmentId);
  if (options.teamId) query = query.where("teamId", "=", options.teamId);
  return query.executeTakeFirst();
}

// The attempt time read before counting is the segment's version: an edit resets it,
// and then this count, of the old tree, is not the one to show.
async function storeCount(
  db: Database,
  segment: Counted,
  result: { contactCount: number; countedAt: Date },
): Promise<void> {
  await db
    .updateTable("segments")
    .set({ contactCount: result.contactCount, countedAt: result.countedAt, countAttemptedAt: result.countedAt })
    .where("id", "=", segment.id)
    .where(sql<boolean>`count_attempted_at = ${segment.attemptedAt}::timestamptz`)
    .execute();
}

async function storeFailure(
  db: Database,
  segment: Counted,
  failure: { reason: "too-slow" | "too-large"; attemptedAt: Date },
): Promise<void> {
  // A tree too large to evaluate has no count to show; one that was only slow this time keeps its last count.
  const at = failure.attemptedAt;
  await db
    .updateTable("segments")
    .set(
      failure.reason === "too-large"
        ? { contactCount: null, countedAt: at, countAttemptedAt: at }
        : { countedAt: sql<Date>`coalesce(counted_at, ${at}::timestamptz)`, countAttemptedAt: at },
    )
    .where("id", "=", segment.id)
    .where(sql<boolean>`count_attempted_at = ${segment.attemptedAt}::timestamptz`)
    .execute();
}
