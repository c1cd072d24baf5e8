import type { Database } from "#db/database.ts";
import { dropUnkeptEventPartitions } from "./drop-event-partitions.ts";
import { EVENT_PRUNE_BATCH, pruneExpiredEvents, type PruneBudget } from "./prune-events.ts";
import { type DatedTable, pruneRowsBefore } from "./prune-rows.ts";
import type { RetentionSettings } from "./settings.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
// A run deletes at most 200 batches of 5,000 rows (a million) of each kind, a few
// minutes of work; a larger backlog (a team that just chose to keep a month of a
// year's events) is finished by the runs queued after it.
const DEFAULT_BUDGET: PruneBudget = { batchSize: EVENT_PRUNE_BATCH, maxBatches: 200 };

export type RetentionRun = {
  droppedPartitions: string[];
  deleted: { events: number } & Record<DatedTable, number>;
  /** False when a budget ran out before everything due was deleted. */
  done: boolean;
};

/**
 * One pass of every retention rule at `now`: month partitions of events no team keeps
 * are dropped, then each team's events older than its setting, and the engagement
 * rows, outbox messages and remembered messageIds older than the operator's settings
 * (a setting of 0 days keeps them forever), are deleted in bounded batches. Nothing
 * newer than a rule's cutoff is touched.
 */
export async function applyRetention(
  db: Database,
  options: { now: Date; settings: RetentionSettings; budget?: PruneBudget },
): Promise<RetentionRun> {
  const { now, settings } = options;
  const budget = options.budget ?? DEFAULT_BUDGET;
  const daysBefore = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const droppedPartitions = await dropUnkeptEventPartitions(db, { now });
  const events = await pruneExpiredEvents(db, { now, ...budget });
  const rules: [DatedTable, number][] = [
    ["engagement_events", settings.engagementDays],
    ["outbox_messages", settings.outboxDays],
    ["event_message_ids", settings.eventDedupDays],
  ];
  const deleted = { events: events.deleted, engagement_events: 0, outbox_messages: 0, event_message_ids: 0 };
  let done = events.done;
  for (const [table, days] of rules) {
    if (days === 0) continue;
    const result = await pruneRowsBefore(db, { table, before: daysBefore(days), ...budget });
    deleted[table] = result.deleted;
    done &&= result.done;
  }
  return { droppedPartitions, deleted, done };
}
