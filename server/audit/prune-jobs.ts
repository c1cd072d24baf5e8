import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { pruneAuditLog } from "./prune.ts";

export const PRUNE_AUDIT_LOG_QUEUE = "prune-audit-log";
// Daily at a quiet hour; pg-boss keeps one schedule per queue, so one worker prunes.
const PRUNE_AUDIT_LOG_CRON = "17 3 * * *";

/**
 * Schedules the daily prune of audit log entries past their retention on a started
 * pg-boss and handles it. `now` is the clock the prune reads (tests inject one).
 */
export async function registerAuditLogPruning(
  boss: PgBoss,
  options: { db: Database; now?: () => Date },
): Promise<void> {
  const now = options.now ?? (() => new Date());
  // A failed run is the next day's work; entries a day past 400 days harm no one.
  await boss.createQueue(PRUNE_AUDIT_LOG_QUEUE, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await boss.schedule(PRUNE_AUDIT_LOG_QUEUE, PRUNE_AUDIT_LOG_CRON);
  await boss.work(PRUNE_AUDIT_LOG_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const deleted = await pruneAuditLog(options.db, { now: now() });
    if (deleted) log.info({ deleted }, "audit log entries past retention pruned");
  });
}
