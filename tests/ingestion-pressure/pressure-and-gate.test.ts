import { afterEach, describe, expect, test } from "vitest";
import { createDatabase, getDb } from "#db/database.ts";
import { handleTrackingCall } from "#server/events/tracking-request.ts";
import {
  createIngestionGate,
  DEFERRAL_WINDOW_MS,
  MAX_DEFERRED_SHARE,
  MAX_YIELD_MS,
} from "#server/ingestion-pressure/gate.ts";
import { createIngestionPressure } from "#server/ingestion-pressure/pressure.ts";
import { basicAuth, createTrackingTeam, storedEvents } from "../events/fixtures.ts";
import { TestWaitClock } from "../test-wait-clock.ts";
import { burstInFlight } from "./burst.ts";

// Ingestion pressure is a load on the clock the test moves: a request is "in flight"
// from track() until its end, whatever the machine's speed.

/** A process's tracking API whose published pressure holds for a minute, so no real time can expire it mid-test. */
const webProcess = (clock: TestWaitClock) =>
  createIngestionPressure({ now: () => clock.now(), publishedForMs: 60_000 });

afterEach(async () => {
  await getDb().deleteFrom("ingestionPressure").execute();
});

describe("ingestion pressure", () => {
  test("is the mean number of tracking requests in flight over the last second, high from one and a half", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    expect(pressure.inFlight()).toBe(0);
    // One request after another never overlaps: a single client, however slow each answer, is not a burst.
    for (let i = 0; i < 4; i++) {
      const answered = pressure.track();
      await clock.sleep(200);
      answered();
      await clock.sleep(50);
    }
    expect([pressure.inFlight(), pressure.isHigh()]).toEqual([0.8, false]);
    const first = pressure.track();
    await clock.sleep(1000);
    expect([pressure.inFlight(), pressure.isHigh()]).toEqual([1, false]);
    // A second at once: they queue for the same cores.
    const second = pressure.track();
    await clock.sleep(400);
    expect([pressure.inFlight(), pressure.isHigh()]).toEqual([1.4, false]);
    await clock.sleep(100);
    expect([pressure.inFlight(), pressure.isHigh()]).toEqual([1.5, true]);
    first();
    second();
    await clock.sleep(500);
    // The window is the last second: of the two requests, their last 500 ms each remain.
    expect([pressure.inFlight(), pressure.isHigh()]).toEqual([1, false]);
    await clock.sleep(1000);
    expect(pressure.inFlight()).toBe(0);
  });

  test("the gate holds work while pressure is high, for at most its cap and half of any ten seconds: a worker never starves", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    const gate = createIngestionGate(getDb(), { pressure, clock });
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(0);

    const answered = await burstInFlight(pressure, clock);
    const held = clock.hold();
    let waited: number | undefined;
    const yielding = gate.yieldToIngestion({ work: "journeys", maxWaitMs: 1000 }).then((ms) => (waited = ms));
    await held;
    expect(waited).toBeUndefined();
    clock.release();
    // The request is still in flight: the work goes ahead anyway, once the cap has passed.
    expect(await yielding).toBe(1000);
    // Then at most the rest of its half of the last ten seconds, within the gate's own cap.
    expect(MAX_YIELD_MS).toBeGreaterThanOrEqual(DEFERRAL_WINDOW_MS * MAX_DEFERRED_SHARE);
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(DEFERRAL_WINDOW_MS * MAX_DEFERRED_SHARE - 1000);
    // It has had its half: it goes on at once, though the burst goes on.
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(0);
    // Each kind of work has a share of its own.
    expect(await gate.yieldToIngestion({ work: "send chunks", maxWaitMs: 300 })).toBe(300);
    // Ten seconds on, the waits have left the window: the work gives way again.
    await clock.sleep(DEFERRAL_WINDOW_MS);
    expect(await gate.yieldToIngestion({ work: "journeys", maxWaitMs: 1000 })).toBe(1000);

    answered();
    await clock.sleep(600);
    // The burst ended: under one and a half requests in flight over the last second, so nothing waits.
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(0);
  });

  test("a stopping worker leaves the gate at once", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    const gate = createIngestionGate(getDb(), { pressure, clock });
    await burstInFlight(pressure, clock);
    let stopping = false;
    const held = clock.hold();
    const yielding = gate.yieldToIngestion({ work: "journeys", stopped: () => stopping });
    await held;
    stopping = true;
    clock.release();
    expect(await yielding).toBe(50);
  });

  test("pressure in another process's tracking API reaches a worker's gate through PostgreSQL", async () => {
    const webClock = new TestWaitClock();
    const web = webProcess(webClock);
    // The web process has its own connection; the worker knows nothing of its requests but the published row.
    const webDb = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    try {
      const workerClock = new TestWaitClock();
      const gateOf = () => createIngestionGate(getDb(), { pressure: createIngestionPressure(), clock: workerClock });
      expect(await gateOf().yieldToIngestion({ work: "journeys" })).toBe(0);

      // Not yet high when the first requests start: nothing is written.
      const burst = burstInFlight(web, webClock, webDb);
      await web.published();
      expect(await getDb().selectFrom("ingestionPressure").select("pressedUntil").execute()).toEqual([]);
      const answered = await burst;
      const third = web.track(webDb);
      await web.published();
      third();
      answered();

      expect(await gateOf().yieldToIngestion({ work: "journeys", maxWaitMs: 300 })).toBe(300);
      // Once what was published has passed (PostgreSQL's clock decides), the worker goes on at once.
      await getDb()
        .updateTable("ingestionPressure")
        .set({ pressedUntil: new Date(Date.now() - 60_000) })
        .execute();
      expect(await gateOf().yieldToIngestion({ work: "journeys" })).toBe(0);
    } finally {
      await webDb.destroy();
    }
  });

  test("a /v1 request counts as in flight until it is answered, and a burst of them is published for other processes", async () => {
    const team = await createTrackingTeam();
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    const batchOf = (id: string) =>
      JSON.stringify({ batch: [{ type: "track", userId: "u1", event: "Signed In", messageId: id }] });
    const post = (body: BodyInit) =>
      handleTrackingCall(
        new Request("http://murmur.test/v1/batch", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...basicAuth(team.writeKey) },
          body,
          duplex: "half",
        } as RequestInit),
        "batch",
        { pressure },
      );

    // Two clients still uploading their batches: a request is in flight until its body ends.
    const uploads = ["slow-1", "slow-2"].map((id) => {
      let finish!: () => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(batchOf(id)));
          finish = () => controller.close();
        },
      });
      return { answer: post(body), finish };
    });
    await clock.sleep(750);
    expect(pressure.isHigh()).toBe(true);
    const quick = await post(batchOf("quick"));
    expect(quick.status).toBe(200);
    await pressure.published();
    const workerGate = createIngestionGate(getDb(), {
      pressure: createIngestionPressure(),
      clock: new TestWaitClock(),
    });
    expect(await workerGate.yieldToIngestion({ work: "journeys", maxWaitMs: 100 })).toBe(100);

    for (const upload of uploads) {
      upload.finish();
      expect((await upload.answer).status).toBe(200);
    }
    expect((await storedEvents(team.teamId)).map((e) => e.messageId).sort()).toEqual(["quick", "slow-1", "slow-2"]);
    // Answered: no longer in flight, so the load falls as the clock moves on.
    await clock.sleep(1000);
    expect(pressure.inFlight()).toBe(0);
  });
});
