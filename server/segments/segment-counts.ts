import type { Database } from "../../db/database.ts";
import { isAppError } from "../errors.ts";
import { countSlots as sharedSlots, type CountSlots } from "./count-slots.ts";
import { FILTER_READ_TIMEOUT_MS } from "./filter/without-jit.ts";
import { countFilterSegment } from "./members.ts";

/** How much counting one list of segments may do; chosen by a test, or the defaults below. */
export type CountBudget = {
  /** The longest one count may run before PostgreSQL cancels it. */
  countMs: number;
  /** The longest all the counts of one request may take, waiting for a turn included. */
  requestMs: number;
  /** Counts of one request that run at once. */
  parallel: number;
  /** The clock the budget is measured with, in milliseconds. */
  now: () => number;
  slots: CountSlots;
};

// Eight seconds for all the counts of a page: longer and no one is waiting any more.
export const DEFAULT_COUNT_BUDGET: CountBudget = { countMs: FILTER_READ_TIMEOUT_MS, requestMs: 8_000, parallel: 2, now: () => performance.now(), slots: sharedSlots };

type FilterSegmentRow = { id: string; kind: string; filter: unknown };

/**
 * The member count of each filter segment, by id, or null where it is
 * unavailable: it ran past its statement timeout, the request's budget ran out
 * (before it started or while it waited for a turn), or its stored tree is too
 * large to evaluate. The work one request does is bounded by the budget and
 * never holds more than `parallel` connections, nor more than the process's
 * count slots across requests. Any other failure is a bug and is thrown.
 */
export async function countFilterSegments(
  db: Database,
  options: { teamId: string; segments: FilterSegmentRow[]; budget?: Partial<CountBudget> },
): Promise<Map<string, number | null>> {
  const budget = { ...DEFAULT_COUNT_BUDGET, ...options.budget };
  const deadline = budget.now() + budget.requestMs;
  const counts = new Map<string, number | null>();
  const queue = [...options.segments];

  const countOne = async (segment: FilterSegmentRow): Promise<number | null> => {
    const release = await budget.slots.acquire(deadline - budget.now());
    if (!release) return null;
    try {
      const left = deadline - budget.now();
      if (left <= 0) return null;
      return await countFilterSegment(db, { teamId: options.teamId, segment, timeoutMs: Math.min(budget.countMs, left) });
    } catch (error) {
      if (isAppError(error) && (error.code === "UNAVAILABLE" || error.code === "TOO_LARGE")) return null;
      throw error;
    } finally {
      release();
    }
  };

  const worker = async () => {
    for (let segment = queue.shift(); segment; segment = queue.shift()) counts.set(segment.id, await countOne(segment));
  };
  await Promise.all(Array.from({ length: Math.max(1, budget.parallel) }, worker));
  return counts;
}
