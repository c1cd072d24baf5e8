import type { Database } from "#db/database.ts";
import { streamCsvPages } from "#server/csv-stream.ts";
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
  return streamCsvPages<string>(HEADER, async (after) => {
    const page = await listEvents(db, { ...filter, after, limit: PAGE });
    const rows = page.events.map((e) => [
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
    ]);
    return { rows, next: page.nextCursor };
  });
}
