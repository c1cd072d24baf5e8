import { Analytics } from "@segment/analytics-node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTrackingTeam } from "../events/fixtures.ts";
import { startTrackingServer, type TrackingServer } from "../events/tracking-server.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { later, outboxOf, runJourneys, runsOf, statsOf } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// Abandoned cart, end to end: events through Segment's own SDK into /v1/batch, the
// journey runtime at times the test names, the reminder through the send pipeline
// into the outbox.

const queues = sendQueues();
let server: TrackingServer;
beforeAll(async () => {
  server = await startTrackingServer();
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3600;
const DAY = 24 * HOUR;

async function abandonedCartTeam() {
  const team = await createTrackingTeam();
  const journeyId = await liveJourney(team.teamId, {
    name: "Abandoned cart",
    entry: {
      type: "event",
      event: "Cart Updated",
      properties: [{ property: "total", operator: "greater_than", value: 0 }],
    },
    reentry: { mode: "every_time" },
    goal: { event: "Subscription Started", properties: [] },
    steps: [
      {
        id: "wait-order",
        type: "wait_for_event",
        event: "Order Completed",
        matchProperty: "cart_id",
        timeoutSeconds: HOUR,
        received: [],
        timedOut: [
          {
            id: "reminder",
            type: "send",
            channel: "EMAIL",
            subject: "You left {{ event.properties.item }} behind",
            content: "<p>Hi {{ contact.name }}, cart {{ event.properties.cart_id }} is waiting.</p>",
          },
          { id: "wait-day", type: "wait", seconds: DAY },
          { id: "last-call", type: "send", channel: "EMAIL", subject: "Last call", content: "<p>Still there?</p>" },
        ],
      },
    ],
  });
  const analytics = new Analytics({ writeKey: team.writeKey, host: server.url, flushAt: 50, flushInterval: 20 });
  return { ...team, journeyId, analytics };
}

describe("abandoned cart journey", () => {
  test("an order for the same cart ends the wait; another cart's order does not; the timeout sends the reminder; the goal converts", async () => {
    const { teamId, journeyId, analytics } = await abandonedCartTeam();
    const worker = chunkWorker();
    const t0 = new Date();
    for (const [userId, name] of [
      ["buyer", "Bea"],
      ["browser", "Bob"],
      ["upgrader", "Uma"],
    ] as const)
      analytics.identify({ userId, traits: { email: `${userId}@murmur.test`, name } });
    analytics.track({
      userId: "buyer",
      event: "Cart Updated",
      properties: { cart_id: "c-1", item: "a lamp", total: 40 },
    });
    analytics.track({
      userId: "browser",
      event: "Cart Updated",
      properties: { cart_id: "c-2", item: "a rug", total: 90 },
    });
    analytics.track({
      userId: "upgrader",
      event: "Cart Updated",
      properties: { cart_id: "c-3", item: "a vase", total: 15 },
    });
    // An empty cart is not an entry: the entry's property condition.
    analytics.track({ userId: "upgrader", event: "Cart Updated", properties: { cart_id: "c-4", total: 0 } });
    // The first answer is lost after the batch was stored: the SDK sends the same messageIds again.
    server.failAfterStoring(1);
    await analytics.flush({ timeout: 10_000 });

    await runJourneys(queues.boss, worker, t0);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId, r.awaitingEvent])).toEqual([
      ["waiting", "wait-order", "Order Completed"],
      ["waiting", "wait-order", "Order Completed"],
      ["waiting", "wait-order", "Order Completed"],
    ]);

    analytics.track({ userId: "buyer", event: "Order Completed", properties: { cart_id: "c-1" } });
    analytics.track({ userId: "browser", event: "Order Completed", properties: { cart_id: "c-9" } });
    await analytics.flush({ timeout: 10_000 });
    await runJourneys(queues.boss, worker, later(t0, 60));
    const afterOrders = await runsOf(journeyId);
    expect(afterOrders.map((r) => [r.email, r.status, r.outcome, r.stepId])).toEqual([
      ["browser@murmur.test", "waiting", null, "wait-order"],
      ["buyer@murmur.test", "finished", "completed", "wait-order"],
      ["upgrader@murmur.test", "waiting", null, "wait-order"],
    ]);

    // The hour passes without an order: both remaining carts get their reminder, once.
    await runJourneys(queues.boss, worker, later(t0, HOUR + 1));
    await runJourneys(queues.boss, worker, later(t0, HOUR + 2));
    const reminders = await outboxOf(teamId);
    expect(reminders.map((m) => [m.toAddress, m.summary])).toEqual(
      expect.arrayContaining([
        ["browser@murmur.test", "You left a rug behind"],
        ["upgrader@murmur.test", "You left a vase behind"],
      ]),
    );
    expect(reminders).toHaveLength(2);
    const bob = reminders.find((m) => m.toAddress === "browser@murmur.test")!;
    expect(JSON.stringify(bob.content)).toContain("Hi Bob, cart c-2 is waiting.");

    // Uma reaches the goal while waiting a day: converted where she stands, no last call.
    analytics.track({ userId: "upgrader", event: "Subscription Started", properties: {} });
    await analytics.flush({ timeout: 10_000 });
    await runJourneys(queues.boss, worker, later(t0, HOUR + DAY + 10));

    const outbox = await outboxOf(teamId);
    expect(outbox.map((m) => [m.toAddress, m.summary])).toEqual([
      expect.any(Array),
      expect.any(Array),
      ["browser@murmur.test", "Last call"],
    ]);
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome, r.stepId])).toEqual([
      ["browser@murmur.test", "finished", "completed", "last-call"],
      ["buyer@murmur.test", "finished", "completed", "wait-order"],
      ["upgrader@murmur.test", "finished", "converted", "wait-day"],
    ]);
    expect(await statsOf(journeyId)).toEqual({
      "@entry": { entered: 3, movedOn: 0, sent: 0, skipped: 0, converted: 0, exited: 0 },
      "@goal": { entered: 0, movedOn: 0, sent: 0, skipped: 0, converted: 1, exited: 0 },
      "wait-order": { entered: 3, movedOn: 3, sent: 0, skipped: 0, converted: 0, exited: 0 },
      reminder: { entered: 2, movedOn: 2, sent: 2, skipped: 0, converted: 0, exited: 0 },
      "wait-day": { entered: 2, movedOn: 1, sent: 0, skipped: 0, converted: 1, exited: 0 },
      "last-call": { entered: 1, movedOn: 1, sent: 1, skipped: 0, converted: 0, exited: 0 },
    });
    await analytics.closeAndFlush({ timeout: 10_000 });
  });

  test("a cart and its order sent in one batch by the SDK: the order is received, no reminder goes out", async () => {
    const { teamId, journeyId, analytics } = await abandonedCartTeam();
    const worker = chunkWorker();
    const t0 = new Date();
    analytics.identify({ userId: "quick", traits: { email: "quick@murmur.test", name: "Quinn" } });
    analytics.track({
      userId: "quick",
      event: "Cart Updated",
      properties: { cart_id: "c-5", item: "a mug", total: 12 },
    });
    analytics.track({ userId: "quick", event: "Order Completed", properties: { cart_id: "c-5" } });
    await analytics.flush({ timeout: 10_000 });

    await runJourneys(queues.boss, worker, t0);
    await runJourneys(queues.boss, worker, later(t0, HOUR + 1));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome, r.stepId])).toEqual([
      ["quick@murmur.test", "finished", "completed", "wait-order"],
    ]);
    expect(await outboxOf(teamId)).toEqual([]);
    await analytics.closeAndFlush({ timeout: 10_000 });
  });
});
