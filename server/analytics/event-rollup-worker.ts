import type { Database } from "#db/database.ts";
import { repeat } from "#server/repeat.ts";
import { rollQueuedEvents } from "./roll-events.ts";

/**
 * How often an idle worker looks for new events: a quarter second keeps the rollups well within seconds of ingestion.
 */
export const EVENT_ROLLUP_IDLE_MS = 250;

/**
 * Keeps the product event rollups current in a worker process: drains the queue
 * ingestion fills, one transaction after another while it has rows, then looks
 * again every `idleMs`. Any number of workers may run this at once (see
 * `rollQueuedEvents`). Returns `stop`; a roll under way commits or rolls back whole.
 */
export function startEventRollups(db: Database, options: { idleMs?: number } = {}): { stop: () => void } {
  return repeat(options.idleMs ?? EVENT_ROLLUP_IDLE_MS, "event rollup", async () => {
    while ((await rollQueuedEvents(db)) > 0) {
      // Rows were waiting, so more may be: take the next ones at once rather than sleep.
    }
  });
}
