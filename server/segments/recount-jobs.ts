import { sql } from "kysely";
import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";
import { repeat } from "#server/repeat.ts";
import { recountSegment } from "./recount-segment.ts";

export const RECOUNT_SEGMENT_QUEUE = "recount-segment";

/** Ten minutes: a count a marketer reads as "a few minutes old", at a cost of one count per segment per ten minutes. */
export const DEFAULT_SEGMENT_COUNT_MAX_AGE_SECONDS = 600;

type RecountJob = { segmentId: string };

const RECOUNTS_PER_FETCH = 10;

/** When and how the worker recounts segments; from the environment, or chosen by a test. */
export type SegmentCountSettings = {
  /** A stored count older than this (or a segment never counted, or just edited) is recounted. */
  maxAgeSeconds: number;
  /** Recounts one worker process runs at once (each also takes one of the process's count slots). */
  concurrency: number;
  /** How often the worker looks for segments due a recount. */
  tickMs: number;
  /** The longest one background count may run: longer than a page could wait, since nobody waits for it. */
  countTimeoutMs: number;
  /** Segments queued per look, oldest attempt first. */
  batch: number;
  now: () => Date;
};

export function segmentCountSettingsFromEnv(env: Pick<Env, "SEGMENT_COUNT_MAX_AGE_SECONDS">): SegmentCountSettings {
  return {
    maxAgeSeconds: env.SEGMENT_COUNT_MAX_AGE_SECONDS,
    concurrency: 2,
    tickMs: 2_000,
    countTimeoutMs: 30_000,
    batch: 200,
    now: () => new Date(),
  };
}

/**
 * Queues a recount for each segment, of every team, whose last count attempt is
 * older than `maxAgeSeconds` (a new or edited filter segment was never tried, so
 * it is due at once). The queue's policy keeps at most one recount per segment
 * queued or running, whichever worker queues it, so asking again is harmless.
 * Returns how many segments were due.
 */
export async function queueDueRecounts(
  db: Database,
  boss: PgBoss,
  settings: Pick<SegmentCountSettings, "maxAgeSeconds" | "batch" | "now">,
): Promise<number> {
  const dueBefore = new Date(settings.now().getTime() - settings.maxAgeSeconds * 1000);
  const due = await db
    .selectFrom("segments")
    .select("id")
    .where(sql<boolean>`count_attempted_at < ${dueBefore}::timestamptz`)
    .orderBy("countAttemptedAt")
    .limit(settings.batch)
    .execute();
  if (due.length)
    await boss.insert(
      RECOUNT_SEGMENT_QUEUE,
      due.map((row) => ({ data: { segmentId: row.id }, singletonKey: row.id })),
    );
  return due.length;
}

/**
 * The recount queue on a started pg-boss. Its policy admits one job per segment
 * (the singleton key) queued or running at a time; a failed recount is recorded
 * on the segment and tried again when due, so pg-boss need not retry it.
 */
export async function createRecountQueue(
  boss: PgBoss,
  settings: Pick<SegmentCountSettings, "countTimeoutMs">,
): Promise<void> {
  // Long enough for a fetched batch whose every count runs to its timeout.
  const options = {
    retryLimit: 0,
    expireInSeconds: Math.ceil(settings.countTimeoutMs / 1000) * (RECOUNTS_PER_FETCH + 2),
  };
  await boss.createQueue(RECOUNT_SEGMENT_QUEUE, { ...options, policy: "exclusive" });
  await boss.updateQueue(RECOUNT_SEGMENT_QUEUE, options);
}

/**
 * Registers the segment recounts on a started pg-boss: the queue and its handler
 * (bounded by `concurrency`), and the tick that queues due segments. Returns
 * `stop` for the tick; call it before stopping pg-boss.
 */
export async function registerSegmentRecounts(
  boss: PgBoss,
  options: { db: Database; settings: SegmentCountSettings },
): Promise<{ stop: () => void }> {
  const { db, settings } = options;
  await createRecountQueue(boss, settings);
  // Each of `concurrency` pollers takes a few jobs per fetch and counts them one after
  // another: pg-boss waits its polling interval between fetches, so one job a fetch would
  // cap a worker at a few recounts a second however short they are.
  await boss.work<RecountJob>(
    RECOUNT_SEGMENT_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: settings.concurrency, batchSize: RECOUNTS_PER_FETCH },
    async (jobs) => {
      for (const job of jobs) {
        const outcome = await recountSegment(db, {
          segmentId: job.data.segmentId,
          timeoutMs: settings.countTimeoutMs,
          slotWaitMs: settings.countTimeoutMs,
          now: settings.now,
        });
        if (outcome.status === "not-counted")
          log.warn({ segmentId: job.data.segmentId, reason: outcome.reason }, "segment not counted");
      }
    },
  );
  const tick = repeat(settings.tickMs, "segment recount tick", async () => {
    await queueDueRecounts(db, boss, settings);
  });
  return { stop: () => tick.stop() };
}
