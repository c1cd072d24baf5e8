import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { ingestMessages } from "#server/events/ingest.ts";
import type { TrackedMessage } from "#server/events/messages.ts";

type SeedEvent = Partial<Omit<TrackedMessage, "occurredAt">> & { occurredAt: Date | string };

/** Stores events for a team as the tracking API would, with the times given. */
export async function seedEvents(teamId: string, events: SeedEvent[]): Promise<void> {
  const messages: TrackedMessage[] = events.map((e) => ({
    id: newId(),
    type: e.type ?? "track",
    name: e.name === undefined ? "Signed In" : e.name,
    userId: e.userId === undefined ? "user-1" : e.userId,
    anonymousId: e.anonymousId ?? null,
    properties: e.properties ?? {},
    context: e.context ?? {},
    messageId: e.messageId ?? newId(),
    occurredAt: new Date(e.occurredAt),
  }));
  await ingestMessages(getDb(), { teamId, keyKind: "server", messages, receivedAt: new Date() });
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
