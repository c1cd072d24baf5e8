import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { type IngestionGate, noIngestionGate } from "#server/ingestion-pressure/gate.ts";
import { log } from "#server/log.ts";
import { naps } from "#server/naps.ts";
import { hasQueuedEvents, reactToQueuedEvents } from "./event-queue.ts";
import { finishStoppedRuns, RUN_BATCH_SIZE, runJourneyBatch } from "./run-batch.ts";

/** How often an idle worker looks for due runs: a contact moves on within about this long. */
export const JOURNEY_POLL_MS = 250;

/**
 * Starts the journey runtime on a worker: `concurrency` loops, each taking a batch
 * of due runs (`for update skip locked`, so loops and workers never share a run),
 * going straight on while batches come back full and sleeping JOURNEY_POLL_MS when
 * there is nothing to do. An idle poll is two reads of partial indexes that find no
 * run due (active, timers passed), so polling four times a second costs next to nothing
 * (with runs due, a probe per live journey is added: claim.ts), and a
 * new entry or a due timer is acted on within a quarter of a second, with no job per
 * run to insert, fetch and complete. Each turn first takes ingested events off the
 * journey event queue (reactToQueuedEvents), so an event's entry is taken by the same
 * turn's batch. The messages themselves go through pg-boss:
 * each batch creates the send pipeline's chunk jobs in its transaction.
 *
 * Each turn passes `ingestion` (none unless given) before it reacts and again before its
 * batch: during a burst of tracking requests the runtime waits, within the gate's bounds,
 * so the requests get the cores, and under pressure that lasts the runs still move. A
 * loop whose last turn found nothing passes it only when events are queued.
 */
export function startJourneyRuntime(
  db: Database,
  boss: PgBoss,
  options: { concurrency: number; now?: () => Date; ingestion?: IngestionGate },
): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  const ingestion = options.ingestion ?? noIngestionGate;
  let stopped = false;
  const { sleep, wakeAll } = naps();
  const loop = async (index: number) => {
    // Whether the last turn found nothing to do; a loop starts as one that has found nothing yet.
    let idle = true;
    while (!stopped) {
      let moved = 0;
      let reacted = 0;
      try {
        // An idle loop waits at the gate only when events are queued: holding back a loop with
        // nothing to do holds back no work, yet the wait counts against the share of each
        // window the journeys are guaranteed, and a burst of events no journey takes left the
        // next burst's reaction and sends held for less (decision 021). Its due runs, if any, go
        // through once, and the turn after waits as a busy one does.
        const queued = !idle || (await hasQueuedEvents(db));
        if (queued) await ingestion.yieldToIngestion({ work: "journeys", stopped: () => stopped });
        if (stopped) break;
        // Ingested events first: the runs they enter or wake are due in this very batch.
        if (queued) reacted = await reactToQueuedEvents(db);
        // A reaction (up to 2,000 events entered) is a unit of its own: the batch after it yields in turn.
        if (reacted > 0) await ingestion.yieldToIngestion({ work: "journeys", stopped: () => stopped });
        if (stopped) break;
        moved = await runJourneyBatch(db, boss, { now: now() });
        // One loop also finishes the runs of stopped journeys.
        if (index === 0) moved += await finishStoppedRuns(db, { now: now() });
        idle = moved === 0 && reacted === 0;
      } catch (error) {
        idle = false;
        log.error({ err: error }, "journey batch failed");
      }
      if (moved < RUN_BATCH_SIZE && reacted === 0 && !stopped) await sleep(JOURNEY_POLL_MS);
    }
  };
  const loops = Array.from({ length: Math.max(1, options.concurrency) }, (_, index) => loop(index));
  return {
    stop: async () => {
      stopped = true;
      wakeAll();
      await Promise.all(loops);
    },
  };
}
