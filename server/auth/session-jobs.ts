import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { pruneEndedSessions } from "./prune-sessions.ts";

export const PRUNE_SESSIONS_QUEUE = "prune-ended-sessions";
// Hourly, off the hour when other cron jobs tend to run. pg-boss keeps one schedule row
// per queue, so however many workers run, one of them prunes each hour.
const PRUNE_SESSIONS_CRON = "23 * * * *";

/**
 * Schedules the hourly prune of ended sessions on a started pg-boss and handles it.
 * `now` is the clock the prune reads (tests inject one).
 */
export async function registerSessionPruning(boss: PgBoss, options: { db: Database; now?: () => Date }): Promise<void> {
  const now = options.now ?? (() => new Date());
  // A run that fails is simply the next hour's work; retrying it sooner gains nothing.
  await boss.createQueue(PRUNE_SESSIONS_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
  await boss.schedule(PRUNE_SESSIONS_QUEUE, PRUNE_SESSIONS_CRON);
  await boss.work(PRUNE_SESSIONS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const deleted = await pruneEndedSessions(options.db, { now: now() });
    if (deleted) log.info({ deleted }, "ended sessions pruned");
  });
}
