import type { Database } from "#db/database.ts";
import { toCsvLine } from "#server/csv.ts";
import { type EventFilter, listEvents } from "./list.ts";

const PAGE = 5000;
const HEADER = [
  "time",
  "type",
  "event",
  "user_id",
  "anonymous_id",
  "contact_id",
  "properties",
  "context",
  "message_id",
  "received_at",
];

/**
 * The events a filter matches as CSV, newest first, read by keyset a page at a
 * time as the client consumes the stream, so memory stays flat for any number.
 */
export function streamEventsCsv(db: Database, filter: EventFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsvLine(HEADER)));
        return;
      }
      const page = await listEvents(db, { ...filter, after: cursor, limit: PAGE });
      const lines = page.events.map((e) =>
        toCsvLine([
          e.occurredAt.toISOString(),
          e.type,
          e.name ?? "",
          e.userId ?? "",
          e.anonymousId ?? "",
          e.contactId ?? "",
          JSON.stringify(e.properties),
          JSON.stringify(e.context),
          e.messageId,
          e.receivedAt.toISOString(),
        ]),
      );
      if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
      cursor = page.nextCursor;
      if (!cursor) controller.close();
    },
  });
}
