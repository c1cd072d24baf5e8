import { describe, expect, test, vi } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { EVENT_ROLLUP_LAG_BUDGET_MS, startEventRollups } from "#server/analytics/event-rollup-worker.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import { createIngestionGate } from "#server/ingestion-pressure/gate.ts";
import { createIngestionPressure } from "#server/ingestion-pressure/pressure.ts";
import { signedIn } from "../factories.ts";
import { TestWaitClock } from "../test-wait-clock.ts";

// The rollup worker waits for a burst of tracking requests to pass before it counts, for
// at most its lag budget since it last caught up, so its lag stays within seconds under a burst that lasts.

/** Signed Up events counted per day on the Analytics page, today's only. */
async function signUpsToday(teamId: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const trends = await readEventTrends(getDb(), { teamId, timeZone: "UTC", from: today, to: today });
  return trends.find((t) => t.name === "Signed Up")?.days.reduce((sum, day) => sum + day.events, 0) ?? 0;
}

describe("the event rollups give way to a burst of ingestion", () => {
  test("events are not counted while the burst lasts and the rollup's lag budget has not passed; then they are", async () => {
    const { teamId } = await signedIn();
    const messages = Array.from({ length: 3 }, (_, i) => ({
      id: newId(),
      type: "track" as const,
      name: "Signed Up",
      userId: null,
      anonymousId: `anon-${i}`,
      properties: {},
      context: {},
      messageId: `burst-${i}`,
      occurredAt: new Date(),
    }));
    await insertEvents(getDb(), { teamId, messages, receivedAt: new Date(), contactOf: () => null });

    const clock = new TestWaitClock();
    const pressure = createIngestionPressure({ now: () => clock.now() });
    // A tracking request in flight for 600 ms, and still.
    pressure.track();
    await clock.sleep(600);
    const gate = createIngestionGate(getDb(), { pressure, clock });
    const waiting = clock.hold();
    const started = clock.now();
    const rollups = startEventRollups(getDb(), { idleMs: 10, ingestion: gate, now: () => clock.now() });
    try {
      await waiting;
      expect(await signUpsToday(teamId)).toBe(0);
      clock.release();
      await vi.waitFor(async () => expect(await signUpsToday(teamId)).toBe(3));
      // It waited out its lag budget, though the burst still lasts.
      expect(clock.now() - started).toBeGreaterThanOrEqual(EVENT_ROLLUP_LAG_BUDGET_MS - 50);
    } finally {
      rollups.stop();
    }
  });
});
