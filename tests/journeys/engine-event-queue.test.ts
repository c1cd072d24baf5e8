import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createDatabase, getDb } from "#db/database.ts";
import { entryLockKey } from "#server/journeys/engine/enter.ts";
import { reactToQueuedEvents } from "#server/journeys/engine/event-queue.ts";
import { runJourneyBatch } from "#server/journeys/engine/run-batch.ts";
import type { JourneyInput } from "#shared/journeys/definition.ts";
import { createUser } from "../factories.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { identify, ingest, ingestOnly, outboxOf, runJourneys, runsOf, statsOf } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// Ingestion only queues the events a team's journeys may care about; the worker enters,
// advances and converts runs from that queue. These tests look at the moment between the
// two, which the other engine tests pass over (their `ingest` reacts at once).

const signedUp = (reentry: JourneyInput["reentry"]): Omit<JourneyInput, "name"> => ({
  entry: { type: "event", event: "Signed Up", properties: [] },
  reentry,
  steps: [{ id: "pause", type: "wait", seconds: 60 }],
});

const cartUntilOrder: Omit<JourneyInput, "name"> = {
  entry: { type: "event", event: "Cart Updated", properties: [] },
  reentry: { mode: "once" },
  goal: { event: "Order Completed", properties: [] },
  steps: [{ id: "pause", type: "wait", seconds: 60 }],
};

const queues = sendQueues();

/** Until a backend of this database waits for a lock in a statement containing `text`. */
async function untilWaitingOnLock(text: string): Promise<void> {
  for (;;) {
    // Outside any transaction: within one, pg_stat_activity keeps answering its first snapshot.
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
        and query like ${`%${text}%`}`.execute(getDb());
    if (rows.length > 0) return;
    await sleep(10);
  }
}

async function teamWith(userId: string) {
  const { teamId } = await createUser();
  await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
  return teamId;
}

describe("journeys react to ingested events on the worker", () => {
  test("an ingested event enters no one until the worker reacts; then its run is active for the runtime", async () => {
    const teamId = await teamWith("jo");
    const journeyId = await liveJourney(teamId, signedUp({ mode: "every_time" }));
    await ingestOnly(teamId, [{ userId: "jo", name: "Signed Up" }]);
    expect(await runsOf(journeyId)).toEqual([]);
    expect(await reactToQueuedEvents(getDb())).toBe(1);
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status])).toEqual([["jo@murmur.test", "active"]]);
    expect(await reactToQueuedEvents(getDb())).toBe(0);
  });

  test("a team without journeys queues nothing", async () => {
    const teamId = await teamWith("al");
    await ingestOnly(teamId, [{ userId: "al", name: "Signed Up" }]);
    expect(await reactToQueuedEvents(getDb())).toBe(0);
  });

  test("a batch retried before and after the worker reacted enters each event once", async () => {
    const teamId = await teamWith("lee");
    const journeyId = await liveJourney(teamId, signedUp({ mode: "every_time" }));
    const batch = [
      { userId: "lee", name: "Signed Up", messageId: "retried-1" },
      { userId: "lee", name: "Signed Up", messageId: "retried-2" },
    ];
    await ingestOnly(teamId, batch);
    await ingestOnly(teamId, batch);
    await ingest(teamId, batch);
    await ingest(teamId, batch);
    expect(await runsOf(journeyId)).toHaveLength(2);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 2 });
  });

  test("a worker that dies while entering loses no entry: the events enter once, at the next reaction", async () => {
    const teamId = await teamWith("kim");
    const journeyId = await liveJourney(teamId, signedUp({ mode: "once" }));
    const { id: contactId } = await getDb()
      .selectFrom("contacts")
      .select("id")
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow();
    await ingestOnly(teamId, [{ userId: "kim", name: "Signed Up" }]);

    const dying = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    try {
      await getDb()
        .transaction()
        .execute(async (trx) => {
          // Holding the entry's lock (enter.ts) stops the dying worker's transaction after it took the queue row.
          await sql`select pg_advisory_xact_lock(hashtextextended(${entryLockKey(journeyId, contactId)}, 0))`.execute(
            trx,
          );
          const reacting = reactToQueuedEvents(dying).catch((error: Error) => error);
          let pid: number | undefined;
          while (pid === undefined) {
            // Outside the transaction: within one, pg_stat_activity keeps answering its first snapshot.
            const { rows } = await sql<{ pid: number }>`
              select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
                and wait_event = 'advisory' and query like '%pg_advisory_xact_lock%'`.execute(getDb());
            pid = rows[0]?.pid;
            if (pid === undefined) await sleep(10);
          }
          // Taken, not committed: another worker skips the row rather than acting on it twice.
          expect(await reactToQueuedEvents(getDb())).toBe(0);
          // The worker dies: its connection goes, and its transaction with it.
          await sql`select pg_terminate_backend(${pid})`.execute(trx);
          expect(await reacting).toBeInstanceOf(Error);
        });
    } finally {
      await dying.destroy();
    }
    expect(await runsOf(journeyId)).toEqual([]);
    expect(await reactToQueuedEvents(getDb())).toBe(1);
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["kim@murmur.test"]);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 1 });
  });

  test("a contact's later event acts after their earlier one, however many loops react at once", async () => {
    const teamId = await teamWith("cy");
    const journeyId = await liveJourney(teamId, cartUntilOrder);
    // Two ingestion batches, so two queue rows: the cart, then the order that ends the journey.
    await ingestOnly(teamId, [{ userId: "cy", name: "Cart Updated" }]);
    await ingestOnly(teamId, [{ userId: "cy", name: "Order Completed" }]);

    const loops = [
      createDatabase(process.env.DATABASE_URL!, { max: 1 }),
      createDatabase(process.env.DATABASE_URL!, { max: 1 }),
    ];
    try {
      await Promise.all(loops.map((loop) => reactToQueuedEvents(loop, { limit: 1 })));
      while ((await reactToQueuedEvents(getDb())) > 0);
    } finally {
      await Promise.all(loops.map((loop) => loop.destroy()));
    }

    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome])).toEqual([
      ["cy@murmur.test", "finished", "converted"],
    ]);
  });
  test("one loop taking several batches acts on them in turn: an order finds the run its cart entered", async () => {
    const teamId = await teamWith("di");
    const journeyId = await liveJourney(teamId, cartUntilOrder);
    await ingestOnly(teamId, [{ userId: "di", name: "Cart Updated" }]);
    await ingestOnly(teamId, [{ userId: "di", name: "Order Completed" }]);

    expect(await reactToQueuedEvents(getDb())).toBe(2);

    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome])).toEqual([
      ["di@murmur.test", "finished", "converted"],
    ]);
  });

  test("an order reacted to while a runtime batch moves its run to the wait is received once the batch commits", async () => {
    const teamId = await teamWith("hal");
    const journeyId = await liveJourney(teamId, {
      entry: { type: "event", event: "Cart Updated", properties: [] },
      reentry: { mode: "once" },
      steps: [
        {
          id: "wait-order",
          type: "wait_for_event",
          event: "Order Completed",
          properties: [],
          matchProperty: "cart_id",
          timeoutSeconds: 3600,
          received: [{ id: "thanks", type: "send", channel: "EMAIL", subject: "Thanks", content: "<p>Thanks</p>" }],
          timedOut: [{ id: "reminder", type: "send", channel: "EMAIL", subject: "Your cart", content: "<p>Back?</p>" }],
        },
      ],
    });
    await ingest(teamId, [{ userId: "hal", name: "Cart Updated", properties: { cart_id: "c-5" } }]);
    const now = new Date();
    // Three connections: one holding a lock, a runtime loop and a reaction loop.
    const [holder, runtime, reaction] = [1, 2, 3].map(() => createDatabase(process.env.DATABASE_URL!, { max: 1 }));
    try {
      // The step's counter row, inserted and not committed, holds the runtime batch after it moved the
      // run to the wait and found no order there, before it commits.
      await sql`begin`.execute(holder!);
      await holder!.insertInto("journeyStepStats").values({ journeyId, stepId: "wait-order" }).execute();
      const moving = runJourneyBatch(runtime!, queues.boss, { now });
      await untilWaitingOnLock("journey_step_stats");
      // The order is stored now, and reacted to while the batch still holds the run.
      await ingestOnly(teamId, [{ userId: "hal", name: "Order Completed", properties: { cart_id: "c-5" } }]);
      const reacting = reactToQueuedEvents(reaction!);
      // It waits for the batch (unless it read the run as it stood before the move, and is done).
      await Promise.race([untilWaitingOnLock("for update"), reacting]);
      await sql`commit`.execute(holder!);
      // (The batch also takes whatever runs the file's other tests left due.)
      await Promise.all([moving, reacting]);
    } finally {
      await Promise.all([holder!.destroy(), runtime!.destroy(), reaction!.destroy()]);
    }
    await runJourneys(queues.boss, chunkWorker(), new Date(now.getTime() + 7200_000));
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["finished", "thanks"]]);
    expect((await outboxOf(teamId)).map((m) => m.summary)).toEqual(["Thanks"]);
  });
});
