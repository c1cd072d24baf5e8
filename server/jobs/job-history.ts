import type { PgBoss } from "pg-boss";

/**
 * Keeps finished jobs (completed, failed, cancelled) of every queue for `days` (0:
 * forever) through pg-boss's own per-queue retention (`deleteAfterSeconds`; pg-boss 12
 * sets it per queue, not in its constructor), applied to the queues that exist once all
 * are registered, so no queue can be forgotten.
 */
export async function applyJobHistoryRetention(boss: PgBoss, options: { days: number }): Promise<void> {
  const deleteAfterSeconds = options.days * 24 * 60 * 60;
  for (const queue of await boss.getQueues()) {
    if (queue.deleteAfterSeconds !== deleteAfterSeconds) await boss.updateQueue(queue.name, { deleteAfterSeconds });
  }
}
