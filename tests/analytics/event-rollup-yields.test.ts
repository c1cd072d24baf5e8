import { describe, expect, test, vi } from "vitest";
import { sql } from "kysely";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { EVENT_ROLLUP_LAG_BUDGET_MS, startEventRollups } from "#server/analytics/event-rollup-worker.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import { createIngestionGate } from "#server/ingestion-pressure/gate.ts";
import { createIngestionPressure } from "#server/ingestion-pressure/pressure.ts";
import { signedIn } from "../factories.ts";
import { TestWaitClock } from "../test-wait-clock.ts";
import { burstInFlight } from "../ingestion-pressure/burst.ts";

// During a burst of tracking requests the rollup worker counts only the batches that have
// waited longer than its lag budget, and the rest once the burst is over: it stays a
// budget's worth behind while the burst lasts, never more.

/** Events of `name` counted per day on the Analytics page, today's only. */
async function countedToday(teamId: string, name: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const trends = await readEventTrends(getDb(), { teamId, timeZone: "UTC", from: today, to: today });
  return trends.find((t) => t.name === name)?.days.reduce((sum, day) => sum + day.events, 0) ?? 0;
}

async function ingest(teamId: string, name: string, count: number): Promise<void> {
  const messages = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    type: "track" as const,
    name,
    userId: null,
    anonymousId: `anon-${i}`,
    properties: {},
    context: {},
    messageId: `${name}-${i}`,
    occurredAt: new Date(),
  }));
  await insertEvents(getDb(), { teamId, messages, receivedAt: new Date(), contactOf: () => null });
}

describe("the event rollups give way to a burst of ingestion", () => {
  test("during a burst only batches older than the lag budget are counted; the rest once the burst ends", async () => {
    const { teamId } = await signedIn();
    await ingest(teamId, "Signed Up", 3);
    // Queued longer ago than the budget: these must not wait for the burst to end.
    await sql`update event_rollup_queue set queued_at = now() - make_interval(secs => ${EVENT_ROLLUP_LAG_BUDGET_MS / 1000 + 1})
      where team_id = ${teamId}`.execute(getDb());
    await ingest(teamId, "Report Exported", 2);
    // Queued "just now" however slowly this test runs (a loaded machine must not age it past the budget).
    await sql`update event_rollup_queue set queued_at = now() + interval '1 hour'
      where team_id = ${teamId} and 'Report Exported' = any(names)`.execute(getDb());

    const clock = new TestWaitClock();
    const pressure = createIngestionPressure({ now: () => clock.now() });
    // Two tracking requests in flight at once for 750 ms, and still.
    const answered = await burstInFlight(pressure, clock);
    const rollups = startEventRollups(getDb(), {
      idleMs: 10,
      ingestion: createIngestionGate(getDb(), { pressure, clock }),
    });
    try {
      await vi.waitFor(async () => expect(await countedToday(teamId, "Signed Up")).toBe(3));
      // Several turns later, the fresh batch still waits.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await countedToday(teamId, "Report Exported")).toBe(0);

      // The burst is over: nothing in flight for the last second.
      answered();
      await clock.sleep(1000);
      await vi.waitFor(async () => expect(await countedToday(teamId, "Report Exported")).toBe(2));
    } finally {
      rollups.stop();
    }
  });
});
