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
 * during a burst a turn counts only the batches queued longer ago than this, so the
 * rollups stay about this far behind (plus a turn) while the burst lasts and catch up
 * after it (issue 18's bound is 5 s at 20,000 events/s). A burst shorter than this gets
 * the cores whole; a longer one is counted a budget's worth behind, at the pace it
 * came, rather than as a backlog raced through during the burst.
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
 * While `ingestion` (none unless given) says a burst is under way, each step takes only
 * the batches queued more than EVENT_ROLLUP_LAG_BUDGET_MS ago.
 */
export function startEventRollups(
  db: Database,
  options: { idleMs?: number; ingestion?: IngestionGate } = {},
): { stop: () => void } {
  const ingestion = options.ingestion ?? noIngestionGate;
  const folding = repeat(FOLD_CHANGES_MS, "analytics change fold", async () => {
    await foldEndedWriters(db);
  });
  const rolling = repeat(options.idleMs ?? EVENT_ROLLUP_IDLE_MS, "event rollup", async () => {
    for (;;) {
      const burst = await ingestion.isUnderPressure();
      const rolled = await rollQueuedEvents(db, burst ? { queuedOverMs: EVENT_ROLLUP_LAG_BUDGET_MS } : {});
      const attributed = await attributeQueuedConversions(db);
      const recounted = await recountConversions(db);
      // Rows were waiting, so more may be: take the next ones at once rather than sleep.
      if (rolled === 0 && attributed === 0 && !recounted) break;
    }
  });
  return {
    stop: () => {
      rolling.stop();
      folding.stop();
    },
  };
}
