import type { Database } from "#db/database.ts";
import { type IngestionGate, noIngestionGate } from "#server/ingestion-pressure/gate.ts";
import { repeat } from "#server/repeat.ts";
import { attributeQueuedConversions } from "./attribute-conversions.ts";
import { FOLD_CHANGES_MS, foldEndedWriters } from "./fold-analytics-changes.ts";
import { recountConversions } from "./recount-conversions.ts";
import { rollQueuedEvents } from "./roll-events.ts";

/**
 * How often an idle worker looks for new events: a quarter second keeps the rollups well within seconds of ingestion.
 */
export const EVENT_ROLLUP_IDLE_MS = 250;

/**
 * How far behind ingestion the rollups may fall while they give way to a burst of it:
 * a turn waits for the burst only until this long has passed since the queue was last
 * found empty, so the rollups are never more than this plus one drain behind (issue
 * 18's bound is 5 s at 20,000 events/s). A burst shorter than this gets the cores
 * whole; a longer one is counted while it lasts, a budget's worth behind.
 */
export const EVENT_ROLLUP_LAG_BUDGET_MS = 3000;

/**
 * Keeps the product event rollups current in a worker process: drains the queue
 * ingestion fills, then the goal events it passed on (conversions), then a step of
 * any conversion recount, one transaction after another while any had work, then
 * looks again every `idleMs`. A recount goes one bounded step at a time between
 * rollups, so a large one never holds new events back for long. Any number of workers may run this at once (see
 * `rollQueuedEvents`). Every minute it also folds the analytics change counts of ended
 * connections (`foldEndedWriters`). Returns `stop`; a roll under way commits or rolls back whole.
 * Each turn first passes `ingestion` (none unless given), for at most what is left of
 * EVENT_ROLLUP_LAG_BUDGET_MS since the queue was last found empty.
 */
export function startEventRollups(
  db: Database,
  options: { idleMs?: number; ingestion?: IngestionGate; now?: () => number } = {},
): { stop: () => void } {
  const ingestion = options.ingestion ?? noIngestionGate;
  const now = options.now ?? Date.now;
  let stopped = false;
  // Every event queued before this moment has been counted.
  let caughtUpAt = now();
  const folding = repeat(FOLD_CHANGES_MS, "analytics change fold", async () => {
    await foldEndedWriters(db);
  });
  const rolling = repeat(options.idleMs ?? EVENT_ROLLUP_IDLE_MS, "event rollup", async () => {
    const budget = EVENT_ROLLUP_LAG_BUDGET_MS - (now() - caughtUpAt);
    if (budget > 0)
      await ingestion.yieldToIngestion({ work: "event rollups", maxWaitMs: budget, stopped: () => stopped });
    for (;;) {
      const looked = now();
      const rolled = await rollQueuedEvents(db);
      const attributed = await attributeQueuedConversions(db);
      const recounted = await recountConversions(db);
      // Rows were waiting, so more may be: take the next ones at once rather than sleep.
      if (rolled === 0 && attributed === 0 && !recounted) {
        caughtUpAt = looked;
        break;
      }
    }
  });
  return {
    stop: () => {
      stopped = true;
      rolling.stop();
      folding.stop();
    },
  };
}
