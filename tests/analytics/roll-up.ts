import { getDb } from "#db/database.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";

/** The worker's step, run until the queue is empty, so figures are settled when a test reads them. */
export async function rollUpEvents(): Promise<void> {
  for (let rolled = await rollQueuedEvents(getDb()); rolled > 0; rolled = await rollQueuedEvents(getDb()));
}
