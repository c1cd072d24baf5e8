import type { Database } from "../../db/database.ts";
import { applyIdentifies } from "./identify.ts";
import { insertEvents } from "./insert-events.ts";
import type { TrackedMessage } from "./messages.ts";

/**
 * Stores a request's messages. Identify calls go first, so that track and page
 * calls of the same batch already find the contact they name.
 */
export async function ingestMessages(
  db: Database,
  options: { teamId: string; messages: TrackedMessage[]; receivedAt: Date },
): Promise<void> {
  const identifies = options.messages.filter((m) => m.type === "identify");
  const others = identifies.length ? options.messages.filter((m) => m.type !== "identify") : options.messages;
  if (identifies.length) await applyIdentifies(db, { ...options, messages: identifies });
  await insertEvents(db, { ...options, messages: others });
}
