import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { applyRetention } from "./apply-retention.ts";
import { createEventPartitionsAhead } from "./event-partitions.ts";
import type { RetentionSettings } from "./settings.ts";

export const CREATE_EVENT_PARTITIONS_QUEUE = "create-event-partitions";
export const APPLY_RETENTION_QUEUE = "apply-retention";
// Daily, at quiet hours and apart; pg-boss keeps one schedule per queue, so one worker runs each.
const CREATE_EVENT_PARTITIONS_CRON = "7 1 * * *";
const APPLY_RETENTION_CRON = "27 2 * * *";

/**
 * Schedules and handles the daily upkeep of stored data: the month partitions of
 * events made three months ahead, and the retention rules applied. A retention run
 * whose budget ran out queues the next at once, so a large backlog goes in bounded
 * runs. `now` is the clock both read (tests inject one).
 */
export async function registerRetentionJobs(
  boss: PgBoss,
  options: { db: Database; settings: RetentionSettings; now?: () => Date },
): Promise<void> {
  const now = options.now ?? (() => new Date());
  // Both are the next day's work when they fail: partitions are made months ahead, and
  // data a day past its retention harms no one.
  await boss.createQueue(CREATE_EVENT_PARTITIONS_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
  await boss.schedule(CREATE_EVENT_PARTITIONS_QUEUE, CREATE_EVENT_PARTITIONS_CRON);
  await boss.work(CREATE_EVENT_PARTITIONS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const made = await createEventPartitionsAhead(options.db, { now: now() });
    if (made.length) log.info({ made }, "event partitions made");
  });
  await boss.createQueue(APPLY_RETENTION_QUEUE, { retryLimit: 0, expireInSeconds: 60 * 60 });
  await boss.schedule(APPLY_RETENTION_QUEUE, APPLY_RETENTION_CRON);
  await boss.work(APPLY_RETENTION_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const run = await applyRetention(options.db, { now: now(), settings: options.settings });
    log.info(run, "retention applied");
    if (!run.done) await boss.send(APPLY_RETENTION_QUEUE, {});
  });
}
