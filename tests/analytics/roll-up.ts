import { getDb } from "#db/database.ts";
import { attributeQueuedConversions } from "#server/analytics/attribute-conversions.ts";
import { recountConversions } from "#server/analytics/recount-conversions.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";

/**
 * The worker's steps (events, then conversions, then recounts), run until none has
 * work, so figures are settled when a test reads them. `recountLimit` makes recounts
 * go in small steps, to see them resume.
 */
export async function rollUpEvents(options: { recountLimit?: number } = {}): Promise<void> {
  for (;;) {
    const rolled = await rollQueuedEvents(getDb());
    const attributed = await attributeQueuedConversions(getDb());
    const recounted = await recountConversions(getDb(), { limit: options.recountLimit });
    if (rolled === 0 && attributed === 0 && !recounted) return;
  }
}
