import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { expireDemoTeams } from "./expire-demo-teams.ts";

export const EXPIRE_DEMOS_QUEUE = "expire-demo-teams";
// Hourly, off the hour; pg-boss keeps one schedule per queue, so one worker runs it each time.
const EXPIRE_DEMOS_CRON = "41 * * * *";

/** Schedules the hourly removal of visitors' expired demo teams and handles it. */
export async function registerDemoExpiry(boss: PgBoss, options: { db: Database; now?: () => Date }): Promise<void> {
  const now = options.now ?? (() => new Date());
  await boss.createQueue(EXPIRE_DEMOS_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
  await boss.schedule(EXPIRE_DEMOS_QUEUE, EXPIRE_DEMOS_CRON);
  await boss.work(EXPIRE_DEMOS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const removed = await expireDemoTeams(options.db, { now: now() });
    if (removed) log.info({ removed }, "expired demo teams removed");
  });
}
