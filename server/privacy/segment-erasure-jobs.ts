import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { repeat } from "#server/repeat.ts";
import { runSegmentErasure } from "./segment-erasure-batches.ts";

export const SEGMENT_ERASURE_QUEUE = "segment-erasure";

type SegmentErasureJob = { erasureId: string };

/** How often a worker looks for erasures to run: a started erasure shows progress within seconds. */
const TICK_MS = 2_000;

// One job per erasure queued or running (the singleton key); a job that dies with its
// worker (no heartbeat) is retried, and the tick queues a running erasure again whose
// job gave up, so an erasure always ends.
const QUEUE_OPTIONS = {
  policy: "exclusive" as const,
  retryLimit: 20,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  heartbeatSeconds: 30,
  expireInSeconds: 6 * 3600,
};

/** Queues a job for each running erasure of every team; one already queued or running is left as it is. */
export async function queueRunningErasures(db: Database, boss: PgBoss): Promise<number> {
  const running = await db.selectFrom("segmentErasures").select("id").where("status", "=", "running").execute();
  if (running.length)
    await boss.insert(
      SEGMENT_ERASURE_QUEUE,
      running.map((row) => ({ data: { erasureId: row.id }, singletonKey: row.id })),
    );
  return running.length;
}

/**
 * Registers the erasure of segments' contacts on a started pg-boss: the queue, its
 * handler and the tick that queues running erasures. Returns `stop`, which ends the
 * tick and lets a running erasure stop after its current batch; call it before
 * stopping pg-boss.
 */
export async function registerSegmentErasures(
  boss: PgBoss,
  options: { db: Database; batchSize?: number },
): Promise<{ stop: () => void }> {
  const { db } = options;
  let stopping = false;
  const { policy, ...updatable } = QUEUE_OPTIONS;
  await boss.createQueue(SEGMENT_ERASURE_QUEUE, { policy, ...updatable });
  await boss.updateQueue(SEGMENT_ERASURE_QUEUE, updatable);
  await boss.work<SegmentErasureJob>(SEGMENT_ERASURE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const { erasureId } = job!.data;
    try {
      await runSegmentErasure(db, { erasureId, batchSize: options.batchSize, stopping: () => stopping });
    } catch (error) {
      log.error({ err: error, erasureId }, "segment erasure failed; it will be retried");
      throw error;
    }
  });
  const tick = repeat(TICK_MS, "segment erasure tick", async () => {
    await queueRunningErasures(db, boss);
  });
  return {
    stop: () => {
      stopping = true;
      tick.stop();
    },
  };
}
