import type { Database } from "#db/database.ts";
import type { WriteKeyKind } from "#shared/write-keys/schemas.ts";
import { countEventsIngested } from "#server/metrics/ingestion-metrics.ts";
import { applyIdentifies, type RefusedChange } from "./identify.ts";
import { insertEvents } from "./insert-events.ts";
import type { TrackedMessage } from "./messages.ts";

/**
 * Stores a request's messages. Identify calls go first, so that track and page
 * calls of the same batch already find the contact they name. Returns the email
 * and phone changes that the key's kind does not allow (see applyIdentifies).
 */
export async function ingestMessages(
  db: Database,
  options: { teamId: string; keyKind: WriteKeyKind; messages: TrackedMessage[]; receivedAt: Date },
): Promise<{ refused: RefusedChange[] }> {
  const identifies = options.messages.filter((m) => m.type === "identify");
  const others = identifies.length ? options.messages.filter((m) => m.type !== "identify") : options.messages;
  const { refused } = identifies.length
    ? await applyIdentifies(db, { ...options, messages: identifies })
    : { refused: [] };
  await insertEvents(db, { ...options, messages: others });
  countEventsIngested(options.messages.length);
  return { refused };
}
