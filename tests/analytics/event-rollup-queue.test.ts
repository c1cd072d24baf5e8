import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { signedIn } from "../factories.ts";
import { recomputeEventDays } from "./recompute.ts";
import { rollUpEvents } from "./roll-up.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** `count` events of two names by four people and some anonymous visitors, over two days ending now. */
function batchOf(label: string, count: number): TrackedMessage[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: newId(),
    type: "track" as const,
    name: i % 3 === 0 ? "Signed Up" : "Page Viewed",
    userId: i % 5 === 0 ? null : `user-${i % 4}`,
    anonymousId: i % 5 === 0 ? `anon-${label}-${i}` : null,
    properties: {},
    context: {},
    messageId: `${label}-${i}`,
    occurredAt: new Date(now - ((i * 7) % 48) * HOUR - i * 1000),
  }));
}

/** Everyone in these tests is one of four people, whatever batch they come in. */
function peopleOf(): (m: TrackedMessage) => string | null {
  const people = Array.from({ length: 4 }, () => newId());
  return (m) => (m.userId ? people[Number(m.userId.split("-")[1])]! : null);
}

/** What the Analytics page shows per name and day (UTC), as sorted lines. */
async function shownOnPage(teamId: string) {
  const trends = await readEventTrends(getDb(), {
    teamId,
    timeZone: "UTC",
    from: utcDate(new Date(Date.now() - 3 * DAY)),
    to: utcDate(new Date()),
  });
  return trends
    .flatMap((t) => t.days.filter((d) => d.events > 0).map((d) => `${t.name} ${d.date} ${d.events} ${d.people}`))
    .sort();
}

/** The same lines recomputed from the stored events. */
async function fromRawRows(teamId: string) {
  return (await recomputeEventDays(teamId, "UTC")).map((r) => `${r.name} ${r.date} ${r.events} ${r.people}`).sort();
}

describe("product events reach the rollups through the worker", () => {
  test("a request only queues its events; the worker's step counts them once, a retried batch not again", async () => {
    const { teamId } = await signedIn();
    const contactOf = peopleOf();
    const batch = batchOf("a", 60);
    await insertEvents(getDb(), { teamId, messages: batch, receivedAt: new Date(), contactOf });
    expect(await shownOnPage(teamId)).toEqual([]);

    await rollUpEvents();
    const counted = await shownOnPage(teamId);
    expect(counted.length).toBeGreaterThan(2);
    expect(counted).toEqual(await fromRawRows(teamId));

    await insertEvents(getDb(), { teamId, messages: batch, receivedAt: new Date(), contactOf });
    await rollUpEvents();
    expect(await shownOnPage(teamId)).toEqual(counted);
  });

  test("a batch that commits after a later one is still counted", async () => {
    const { teamId } = await signedIn();
    const contactOf = peopleOf();
    // Names already known, so the open transaction below holds no lock a later batch needs.
    await insertEvents(getDb(), { teamId, messages: batchOf("known", 3), receivedAt: new Date(), contactOf });
    let commitFirst!: () => void;
    let queuedFirst!: () => void;
    const firstQueued = new Promise<void>((resolve) => (queuedFirst = resolve));
    // The first batch's transaction takes the earlier queue position and stays open.
    const first = getDb()
      .transaction()
      .execute(async (trx) => {
        await insertEvents(trx, { teamId, messages: batchOf("early", 40), receivedAt: new Date(), contactOf });
        queuedFirst();
        await new Promise<void>((resolve) => (commitFirst = resolve));
      });
    await firstQueued;
    await insertEvents(getDb(), { teamId, messages: batchOf("late", 40), receivedAt: new Date(), contactOf });
    await rollUpEvents();
    expect(await shownOnPage(teamId)).toEqual(await fromRawRows(teamId));
    const beforeCommit = (await shownOnPage(teamId)).length;

    commitFirst();
    await first;
    await rollUpEvents();
    const shown = await shownOnPage(teamId);
    expect(shown).toEqual(await fromRawRows(teamId));
    expect(shown.reduce((sum, line) => sum + Number(line.split(" ").at(-2)), 0)).toBe(83);
    expect(beforeCommit).toBeGreaterThan(0);
  });

  test("a worker that fails mid-way counts nothing, and the next one counts it all once", async () => {
    const { teamId } = await signedIn();
    await insertEvents(getDb(), { teamId, messages: batchOf("b", 50), receivedAt: new Date(), contactOf: peopleOf() });
    const failed = getDb()
      .transaction()
      .execute(async (trx) => {
        expect(await rollQueuedEvents(trx)).toBeGreaterThanOrEqual(50);
        throw new Error("worker killed");
      });
    await expect(failed).rejects.toThrow("worker killed");
    expect(await shownOnPage(teamId)).toEqual([]);

    await rollUpEvents();
    expect(await shownOnPage(teamId)).toEqual(await fromRawRows(teamId));
  });

  test("several workers draining at once count every event exactly once", async () => {
    const { teamId } = await signedIn();
    const contactOf = peopleOf();
    // The same people in many batches: workers meet on the same hourly and daily rows.
    for (let k = 0; k < 24; k++) {
      await insertEvents(getDb(), { teamId, messages: batchOf(`c${k}`, 30), receivedAt: new Date(), contactOf });
    }
    const worker = async () => {
      for (
        let rolled = await rollQueuedEvents(getDb(), { limit: 2 });
        rolled > 0;
        rolled = await rollQueuedEvents(getDb(), { limit: 2 })
      );
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const shown = await shownOnPage(teamId);
    expect(shown).toEqual(await fromRawRows(teamId));
    expect(shown.reduce((sum, line) => sum + Number(line.split(" ").at(-2)), 0)).toBe(24 * 30);
  });
});
