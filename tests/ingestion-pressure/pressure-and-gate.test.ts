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

// Ingestion pressure is a share of time on the clock the test moves: a request is "in
// flight" from track() until its end, whatever the machine's speed.

/** A process's tracking API whose published pressure holds for a minute, so no real time can expire it mid-test. */
const webProcess = (clock: TestWaitClock) =>
  createIngestionPressure({ now: () => clock.now(), publishedForMs: 60_000 });

afterEach(async () => {
  await getDb().deleteFrom("ingestionPressure").execute();
});

describe("ingestion pressure", () => {
  test("is the share of the last second with a tracking request in flight, high from one half", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    expect(pressure.busyShare()).toBe(0);
    const answered = pressure.track();
    await clock.sleep(400);
    expect([pressure.busyShare(), pressure.isHigh()]).toEqual([0.4, false]);
    await clock.sleep(100);
    expect([pressure.busyShare(), pressure.isHigh()]).toEqual([0.5, true]);
    answered();
    // Two requests at once count as one busy span, not twice the time.
    const first = pressure.track();
    const second = pressure.track();
    await clock.sleep(300);
    first();
    second();
    expect(pressure.busyShare()).toBe(0.8);
    await clock.sleep(700);
    // The window is the last second, 500..1500: of the busy 0..800, 500..800 remains.
    expect([pressure.busyShare(), pressure.isHigh()]).toEqual([0.3, false]);
    await clock.sleep(1000);
    expect(pressure.busyShare()).toBe(0);
  });

  test("the gate holds work while pressure is high, for at most its cap and half of any ten seconds: a worker never starves", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    const gate = createIngestionGate(getDb(), { pressure, clock });
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(0);

    const answered = pressure.track();
    await clock.sleep(600);
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
    // The burst ended: under half of the last second was busy, so nothing waits.
    expect(await gate.yieldToIngestion({ work: "journeys" })).toBe(0);
  });

  test("a stopping worker leaves the gate at once", async () => {
    const clock = new TestWaitClock();
    const pressure = webProcess(clock);
    const gate = createIngestionGate(getDb(), { pressure, clock });
    pressure.track();
    await clock.sleep(600);
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

      // Not yet high when the first request starts: nothing is written.
      const first = web.track(webDb);
      await web.published();
      expect(await getDb().selectFrom("ingestionPressure").select("pressedUntil").execute()).toEqual([]);
      await webClock.sleep(600);
      const second = web.track(webDb);
      await web.published();
      second();
      first();

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

    // A client still uploading its batch: the request is in flight until the body ends.
    let finishUpload!: () => void;
    const upload = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(batchOf("slow")));
        finishUpload = () => controller.close();
      },
    });
    const slow = post(upload);
    await clock.sleep(600);
    expect(pressure.isHigh()).toBe(true);
    const quick = await post(batchOf("quick"));
    expect(quick.status).toBe(200);
    await pressure.published();
    const workerGate = createIngestionGate(getDb(), {
      pressure: createIngestionPressure(),
      clock: new TestWaitClock(),
    });
    expect(await workerGate.yieldToIngestion({ work: "journeys", maxWaitMs: 100 })).toBe(100);

    finishUpload();
    expect((await slow).status).toBe(200);
    expect((await storedEvents(team.teamId)).map((e) => e.messageId).sort()).toEqual(["quick", "slow"]);
    // Answered: no longer in flight, so the share falls as the clock moves on.
    await clock.sleep(1000);
    expect(pressure.busyShare()).toBe(0);
  });
});
