import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { sweepEntryWindowBatch } from "#server/journeys/engine/filter-window-entries.ts";
import { syncEntryWindows } from "#server/journeys/engine/filter-window-sync.ts";
import { ingest } from "./engine-fixtures.ts";

/** A filter segment of the team whose root group ANDs these conditions, stored as the segment page saves it. */
export async function filterSegment(teamId: string, conditions: unknown[], name = "Filter"): Promise<string> {
  const id = newId();
  await getDb()
    .insertInto("segments")
    .values({
      id,
      teamId,
      name,
      kind: "filter",
      filter: JSON.stringify({ type: "group", combinator: "and", conditions }),
    })
    .execute();
  return id;
}

/** "Did not perform `event` in the last `days` days" (never counts as not). */
export const notPerformedWithin = (event: string, days: number) => ({
  type: "event",
  operator: "not_performed",
  event,
  frequency: "at_least",
  times: 1,
  window: { type: "last_days", days },
  properties: [],
});

/** "Performed `event` at least once in the last `days` days". */
export const performedWithin = (event: string, days: number) => ({
  ...notPerformedWithin(event, days),
  operator: "performed",
});

/** A track call of `userId` that happened at `at` (its own time, as a client's timestamp says). */
export const trackAt = (teamId: string, userId: string, name: string, at: Date) =>
  ingest(teamId, [{ type: "track", userId, name, occurredAt: at }]);

/**
 * The worker's window sweep at the moment `now`: brings the watched sources in
 * line, then runs batches until none is due (other tests' journeys too, as a
 * worker would). Returns the rows each batch of `journeyId` read, when given.
 */
export async function sweepWindows(now: Date, options: { limit?: number; journeyId?: string } = {}): Promise<number[]> {
  await syncEntryWindows(getDb(), { now });
  const reads: number[] = [];
  for (;;) {
    const batch = await sweepEntryWindowBatch(getDb(), { now, limit: options.limit });
    if (!batch) return reads;
    if (batch.journeyId === options.journeyId) reads.push(batch.read);
  }
}

/** `days` days after `moment`. */
export const daysAfter = (moment: Date, days: number) => new Date(moment.getTime() + days * 86_400_000);
