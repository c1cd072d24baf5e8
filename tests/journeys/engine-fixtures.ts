import { randomUUID } from "node:crypto";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { ingestMessages } from "#server/events/ingest.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { type ChunkJob, type ChunkWorker, sendChunk } from "#server/delivery/send-chunk.ts";
import { reactToQueuedEvents } from "#server/journeys/engine/event-queue.ts";
import { runJourneyBatch } from "#server/journeys/engine/run-batch.ts";
import type { PgBoss } from "pg-boss";

/**
 * The journey runtime and the send pipeline driven by the test, at the time it
 * names: acts on the events ingested so far, runs every batch due at `now`, then sends the messages those batches
 * queued, through the chunk jobs they created (the worker's own handler, without
 * its poll), so a test never sleeps for a timer.
 */
export async function runJourneys(boss: PgBoss, worker: ChunkWorker, now: Date): Promise<void> {
  while ((await reactToQueuedEvents(getDb())) > 0);
  while ((await runJourneyBatch(getDb(), boss, { now })) > 0);
  for (;;) {
    const jobs = await boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE, { batchSize: 50 });
    if (jobs.length === 0) return;
    for (const job of jobs) await sendChunk(worker, job.data);
    await boss.complete(
      SEND_CHUNK_QUEUE,
      jobs.map((job) => job.id),
    );
  }
}

/** The journey's runs, by contact email then oldest first: who, where they are and how they ended. */
export function runsOf(journeyId: string) {
  return getDb()
    .selectFrom("journeyRuns as r")
    .innerJoin("contacts as c", "c.id", "r.contactId")
    .select(["c.email", "r.contactId", "r.version", "r.status", "r.outcome", "r.stepId", "r.awaitingEvent", "r.wakeAt"])
    .where("r.journeyId", "=", journeyId)
    .orderBy("c.email")
    .orderBy("r.enteredAt")
    .orderBy("r.id")
    .execute();
}

/** The journey's counters per step ("@entry" and "@goal" included), as the journey page reads them. */
export async function statsOf(journeyId: string) {
  const rows = await getDb()
    .selectFrom("journeyStepStats")
    .select(["stepId", "entered", "movedOn", "sent", "skipped", "converted", "exited"])
    .where("journeyId", "=", journeyId)
    .execute();
  return Object.fromEntries(rows.map(({ stepId, ...counts }) => [stepId, counts]));
}

/** The team's messages in the outbox, oldest first: what was really handed over. */
export function outboxOf(teamId: string) {
  return getDb()
    .selectFrom("outboxMessages")
    .select(["toAddress", "summary", "content", "campaignId", "channel"])
    .where("teamId", "=", teamId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** `seconds` after `moment`. */
export const later = (moment: Date, seconds: number) => new Date(moment.getTime() + seconds * 1000);

/**
 * Ingests Segment messages as /v1/batch stores them (the ingestion function the route
 * calls), then lets the journeys react to them as the worker does within a poll
 * (engine-event-queue.test.ts looks at the moment in between).
 */
export async function ingest(teamId: string, messages: Partial<TrackedMessage>[]): Promise<void> {
  await ingestOnly(teamId, messages);
  while ((await reactToQueuedEvents(getDb())) > 0);
}

/** Ingests Segment messages as /v1/batch stores them, and no more: the journeys have not reacted yet. */
export async function ingestOnly(teamId: string, messages: Partial<TrackedMessage>[]): Promise<void> {
  await ingestMessages(getDb(), {
    teamId,
    keyKind: "server",
    receivedAt: new Date(),
    messages: messages.map((m) => ({
      id: newId(),
      type: m.type ?? "track",
      name: m.type === "identify" ? null : (m.name ?? null),
      userId: m.userId ?? null,
      anonymousId: m.anonymousId ?? null,
      properties: m.properties ?? {},
      context: {},
      messageId: m.messageId ?? randomUUID(),
      occurredAt: m.occurredAt ?? new Date(),
    })),
  });
}

/** An identify call: the contact `userId` with these traits (email, name, phone, the rest attributes). */
export const identify = (teamId: string, userId: string, traits: Record<string, unknown>) =>
  ingest(teamId, [{ type: "identify", userId, properties: traits }]);

/** A track call of `userId`. */
export const track = (
  teamId: string,
  userId: string,
  name: string,
  properties: Record<string, unknown> = {},
  messageId?: string,
) => ingest(teamId, [{ type: "track", userId, name, properties, messageId }]);
