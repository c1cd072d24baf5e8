import { Counter } from "prom-client";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { registry } from "#server/metrics/registry.ts";
import { realWaitClock, type WaitClock } from "#server/wait-clock.ts";
import { type BusyShare, createBusyShare } from "./busy-share.ts";
import { type IngestionPressure, ingestionPressure, isPressurePublished } from "./pressure.ts";

/** How long a worker's unit of background work waits for a burst to pass, at most, unless it says otherwise. */
export const MAX_YIELD_MS = 5000;

/**
 * The work's guaranteed share: a kind of work (all its loops together) is held back for
 * at most this share of any DEFERRAL_WINDOW_MS. A burst shorter than half the window
 * waits whole; ingestion that stays saturated leaves the work at least half of the time.
 */
export const MAX_DEFERRED_SHARE = 0.5;

/** The span the deferred share is counted over. */
export const DEFERRAL_WINDOW_MS = 10_000;

/** How often a waiting worker looks again. */
export const YIELD_STEP_MS = 50;

/** How long the published pressure read from PostgreSQL is trusted before it is read again. */
export const READ_PUBLISHED_EVERY_MS = 250;

/** The background work a gate holds back, as the metric names it. */
export type YieldingWork = "journeys" | "send chunks";

const yielded = new Counter({
  name: "murmur_ingestion_yield_seconds_total",
  help: "Seconds the worker's background work waited for a burst of tracking requests to pass, by work; rate() of it near 0 means no deferral.",
  labelNames: ["work"] as const,
  registers: [registry],
});

export type IngestionGate = {
  /**
   * Waits while ingestion is under pressure (this process's tracking API, or any web
   * process's published pressure), but never longer than `maxWaitMs`, nor once `work`
   * has been held back for MAX_DEFERRED_SHARE of the last DEFERRAL_WINDOW_MS: under
   * sustained pressure the work is slowed, never starved.
   * Returns how long it waited (counted under `work` in murmur_ingestion_yield_seconds_total).
   * `stopped` ends the wait early when the worker stops.
   */
  yieldToIngestion: (options: { work: YieldingWork; maxWaitMs?: number; stopped?: () => boolean }) => Promise<number>;
  /** Whether ingestion is under pressure now, as the wait above reads it: for work that decides for itself how much to defer. */
  isUnderPressure: () => Promise<boolean>;
};

/**
 * The gate a worker's background loops pass before each unit of work (a journey batch,
 * a send chunk), so that a burst of ingestion gets the cores first; the event rollups
 * ask it whether a burst is under way and then count only what has waited long enough.
 * This process's pressure is read from memory; other processes' from the one
 * `ingestion_pressure` row, read at most every READ_PUBLISHED_EVERY_MS by one query
 * shared by every loop of the process. An error reading it counts as no pressure:
 * the hint may cost ingestion speed, never the work itself.
 */
export function createIngestionGate(
  db: Database,
  options: { pressure?: IngestionPressure; clock?: WaitClock } = {},
): IngestionGate {
  const pressure = options.pressure ?? ingestionPressure;
  const clock = options.clock ?? realWaitClock;
  let readAt = -Infinity;
  let reading: Promise<boolean> = Promise.resolve(false);

  const publishedPressure = () => {
    const at = clock.now();
    if (at - readAt >= READ_PUBLISHED_EVERY_MS) {
      readAt = at;
      reading = isPressurePublished(db).catch((error: unknown) => {
        log.debug({ err: error }, "ingestion pressure not read");
        return false;
      });
    }
    return reading;
  };
  const underPressure = async () => pressure.isHigh() || (await publishedPressure());
  const deferrals = new Map<YieldingWork, BusyShare>();
  const deferralOf = (work: YieldingWork) => {
    let deferral = deferrals.get(work);
    if (!deferral) {
      deferral = createBusyShare({ windowMs: DEFERRAL_WINDOW_MS, now: () => clock.now() });
      deferrals.set(work, deferral);
    }
    return deferral;
  };

  return {
    isUnderPressure: underPressure,
    yieldToIngestion: async ({ work, maxWaitMs = MAX_YIELD_MS, stopped }) => {
      const deferral = deferralOf(work);
      const started = clock.now();
      const ended = deferral.begin();
      try {
        for (;;) {
          const waited = clock.now() - started;
          const done =
            waited >= maxWaitMs || stopped?.() || deferral.share() >= MAX_DEFERRED_SHARE || !(await underPressure());
          if (done) {
            if (waited > 0) yielded.inc({ work }, waited / 1000);
            return waited;
          }
          await clock.sleep(Math.min(YIELD_STEP_MS, maxWaitMs - waited));
        }
      } finally {
        ended();
      }
    },
  };
}

/** A gate that never waits: for callers (tests, tools) that run the work themselves. */
export const noIngestionGate: IngestionGate = { yieldToIngestion: async () => 0, isUnderPressure: async () => false };
