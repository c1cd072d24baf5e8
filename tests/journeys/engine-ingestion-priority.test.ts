import { describe, expect, test, vi } from "vitest";
import { getDb } from "#db/database.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { type ChunkJob, sendChunk } from "#server/delivery/send-chunk.ts";
import { createIngestionGate, MAX_YIELD_MS } from "#server/ingestion-pressure/gate.ts";
import { createIngestionPressure } from "#server/ingestion-pressure/pressure.ts";
import { startJourneyRuntime } from "#server/journeys/engine/jobs.ts";
import { createUser } from "../factories.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { TestWaitClock } from "../test-wait-clock.ts";
import { burstInFlight } from "../ingestion-pressure/burst.ts";
import { identify, ingestOnly, outboxOf, runsOf } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// While tracking requests keep the API busy, the journey runtime and the send chunks wait
// for the burst to pass, up to the gate's cap, then go on even if it has not.

const queues = sendQueues();

/** A gate whose process has had two tracking requests in flight at once for 750 ms of `clock`, and still has. */
async function gateUnderPressure(clock: TestWaitClock) {
  const pressure = createIngestionPressure({ now: () => clock.now() });
  await burstInFlight(pressure, clock);
  expect(pressure.isHigh()).toBe(true);
  return createIngestionGate(getDb(), { pressure, clock });
}

const ledgerOf = (journeyId: string) =>
  getDb()
    .selectFrom("deliveries as d")
    .innerJoin("campaigns as c", "c.id", "d.campaignId")
    .select(["d.address", "d.status"])
    .where("c.journeyId", "=", journeyId)
    .execute();

/** Lets the turn held at the gate go on, and waits for its message in the ledger: it went once the whole cap had passed on the clock. */
async function queuedOnceTheCapHasPassed(clock: TestWaitClock, journeyId: string, address: string) {
  const started = clock.now();
  clock.release();
  await vi.waitFor(async () => expect(await ledgerOf(journeyId)).toEqual([{ address, status: "queued" }]));
  expect(clock.now() - started).toBeGreaterThanOrEqual(MAX_YIELD_MS - 50);
}

/** A team whose contact `userId` is known, and its live journey that mails every Cart Updated. */
async function cartJourneyFor(userId: string) {
  const { teamId } = await createUser();
  await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
  const journeyId = await liveJourney(teamId, {
    entry: { type: "event", event: "Cart Updated", properties: [] },
    reentry: { mode: "every_time" },
    steps: [{ id: "mail", type: "send", channel: "EMAIL", subject: "Your cart", content: "<p>Back soon?</p>" }],
  });
  return { teamId, journeyId };
}

describe("journeys give way to a burst of ingestion", () => {
  test("an event's message is not entered, queued or sent while the burst lasts and the cap has not passed; then it is", async () => {
    const { teamId, journeyId } = await cartJourneyFor("ada");
    await ingestOnly(teamId, [{ userId: "ada", name: "Cart Updated" }]);

    const clock = new TestWaitClock();
    const gate = await gateUnderPressure(clock);
    const waiting = clock.hold();
    const runtime = startJourneyRuntime(getDb(), queues.boss, { concurrency: 1, ingestion: gate });
    try {
      // The runtime's turn is waiting at the gate: the event has entered no one and queued nothing.
      await waiting;
      expect(await runsOf(journeyId)).toEqual([]);
      expect(await ledgerOf(journeyId)).toEqual([]);
      // The request is still in flight; once the cap has passed on the clock, the turn goes ahead.
      await queuedOnceTheCapHasPassed(clock, journeyId, "ada@murmur.test");
    } finally {
      await runtime.stop();
    }

    // The batch's chunk job waits at the gate in its turn, before reading or sending anything.
    const [job] = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE, { batchSize: 10 });
    const held = clock.hold();
    const sending = sendChunk(chunkWorker({ ingestion: gate }), job!.data);
    await held;
    expect(await outboxOf(teamId)).toEqual([]);
    clock.release();
    await sending;
    expect((await outboxOf(teamId)).map((m) => m.toAddress)).toEqual(["ada@murmur.test"]);
    expect(await ledgerOf(journeyId)).toEqual([{ address: "ada@murmur.test", status: "sent" }]);
    await queues.boss.complete(SEND_CHUNK_QUEUE, [job!.id]);
  });

  test("a runtime with nothing to do does not wait through a burst, so the events that come next are held for the whole cap", async () => {
    const { teamId, journeyId } = await cartJourneyFor("bo");

    const clock = new TestWaitClock();
    const gate = await gateUnderPressure(clock);
    const waitsBefore = clock.pauses.length;
    // Each turn of the runtime asks for the time once for its batch.
    let turns = 0;
    const now = () => {
      turns++;
      return new Date();
    };
    const runtime = startJourneyRuntime(getDb(), queues.boss, { concurrency: 1, ingestion: gate, now });
    try {
      // Turns that find nothing to do do not wait at the gate at all.
      await vi.waitFor(() => expect(turns).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      expect(clock.pauses.length).toBe(waitsBefore);

      // Then a triggering event, the burst still on: its turn waits at the gate for the whole cap.
      const waiting = clock.hold();
      await ingestOnly(teamId, [{ userId: "bo", name: "Cart Updated" }]);
      await waiting;
      expect(await runsOf(journeyId)).toEqual([]);
      await queuedOnceTheCapHasPassed(clock, journeyId, "bo@murmur.test");
    } finally {
      await runtime.stop();
    }
  });
});
