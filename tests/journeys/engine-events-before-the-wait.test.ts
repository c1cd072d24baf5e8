import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { runJourneyBatch } from "#server/journeys/engine/run-batch.ts";
import { createUser } from "../factories.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { identify, ingest, ingestOnly, later, outboxOf, runJourneys, runsOf, statsOf } from "./engine-fixtures.ts";
import type { JourneyInput } from "#shared/journeys/definition.ts";
import { liveJourney } from "./live-journey.ts";

// An awaited event or a goal that comes before the run is ready for it: in the same
// ingestion batch as the entry event (reacted to before the run existed), or while the
// run is still at an earlier step. From the entry on, in the events' own time, it
// counts as soon as the run reaches the wait (or, for the goal, before its first step).

const queues = sendQueues();
const HOUR = 3600;

async function cartTeam(userId: string) {
  const { teamId } = await createUser();
  await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
  const journeyId = await liveJourney(teamId, {
    entry: { type: "event", event: "Cart Updated", properties: [] },
    reentry: { mode: "every_time" },
    goal: { event: "Subscription Started", properties: [] },
    steps: [
      {
        id: "wait-order",
        type: "wait_for_event",
        event: "Order Completed",
        properties: [{ property: "total", operator: "greater_than", value: 0 }],
        matchProperty: "cart_id",
        timeoutSeconds: HOUR,
        received: [
          { id: "thanks", type: "send", channel: "EMAIL", subject: "Thanks for your order", content: "<p>Thanks</p>" },
        ],
        timedOut: [
          {
            id: "reminder",
            type: "send",
            channel: "EMAIL",
            subject: "You left something in your cart",
            content: "<p>Still there?</p>",
          },
        ],
      },
    ],
  });
  return { teamId, journeyId };
}

const at = (moment: Date, seconds: number) => later(moment, seconds);

/** What the contact was sent by the time the wait's hour is long over. */
async function sentAfterTheHour(teamId: string, t0: Date) {
  const worker = chunkWorker();
  await runJourneys(queues.boss, worker, t0);
  await runJourneys(queues.boss, worker, later(t0, HOUR + 1));
  await runJourneys(queues.boss, worker, later(t0, HOUR + 2));
  return (await outboxOf(teamId)).map((m) => [m.toAddress, m.summary]);
}

describe("an awaited event that comes before the run waits for it", () => {
  test("a cart and its order in one batch: the run takes 'received' and no reminder is sent", async () => {
    const { teamId, journeyId } = await cartTeam("ann");
    const t0 = new Date();
    await ingest(teamId, [
      { userId: "ann", name: "Cart Updated", properties: { cart_id: "c-1", total: 40 }, occurredAt: t0 },
      { userId: "ann", name: "Order Completed", properties: { cart_id: "c-1", total: 40 }, occurredAt: at(t0, 5) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["ann@murmur.test", "Thanks for your order"]]);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.outcome, r.stepId])).toEqual([
      ["finished", "completed", "thanks"],
    ]);
    expect(await statsOf(journeyId)).toMatchObject({
      "wait-order": { entered: 1, movedOn: 1 },
      thanks: { entered: 1, sent: 1 },
    });
  });

  test("an order ingested after the entry but before the runtime moved the run counts too", async () => {
    const { teamId, journeyId } = await cartTeam("ben");
    const t0 = new Date();
    await ingest(teamId, [{ userId: "ben", name: "Cart Updated", properties: { cart_id: "c-7", total: 9 } }]);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["active", null]]);
    // Stored and reacted to while the run has not reached its wait yet.
    await ingest(teamId, [{ userId: "ben", name: "Order Completed", properties: { cart_id: "c-7", total: 9 } }]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["ben@murmur.test", "Thanks for your order"]]);
    expect((await runsOf(journeyId)).map((r) => r.outcome)).toEqual(["completed"]);
  });

  test("an order stored but not yet reacted to when the run reaches its wait is received there, once", async () => {
    const { teamId, journeyId } = await cartTeam("bo");
    const t0 = new Date();
    await ingest(teamId, [{ userId: "bo", name: "Cart Updated", properties: { cart_id: "c-8", total: 9 } }]);
    // Stored; the runtime moves the run before the reaction takes the queue row.
    await ingestOnly(teamId, [{ userId: "bo", name: "Order Completed", properties: { cart_id: "c-8", total: 9 } }]);
    expect(await runJourneyBatch(getDb(), queues.boss, { now: t0 })).toBe(1);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["finished", "thanks"]]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["bo@murmur.test", "Thanks for your order"]]);
    expect(await statsOf(journeyId)).toMatchObject({ "wait-order": { entered: 1, movedOn: 1 }, thanks: { sent: 1 } });
  });

  test("an order sent before signing in ends the wait as soon as signing in attaches it to the shopper", async () => {
    const { teamId, journeyId } = await cartTeam("eve");
    const t0 = new Date();
    await ingest(teamId, [{ userId: "eve", name: "Cart Updated", properties: { cart_id: "c-5", total: 30 } }]);
    await runJourneys(queues.boss, chunkWorker(), t0);
    // From a browser not signed in: stored under its anonymousId, nobody's yet, so no journey hears of it.
    await ingest(teamId, [
      {
        anonymousId: "anon-eve",
        name: "Order Completed",
        properties: { cart_id: "c-5", total: 30 },
        occurredAt: at(t0, 60),
      },
      // Another cart from that browser: attached later, it starts no journey.
      {
        anonymousId: "anon-eve",
        name: "Cart Updated",
        properties: { cart_id: "c-99", total: 5 },
        occurredAt: at(t0, 61),
      },
    ]);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["waiting", "wait-order"]]);
    // Signing in links the browser to Eve, and its waiting events become hers and reach her journeys.
    await ingest(teamId, [{ type: "identify", userId: "eve", anonymousId: "anon-eve", properties: {} }]);
    await runJourneys(queues.boss, chunkWorker(), at(t0, 120));
    expect((await runsOf(journeyId)).map((r) => [r.status, r.outcome, r.stepId])).toEqual([
      ["finished", "completed", "thanks"],
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["eve@murmur.test", "Thanks for your order"]]);
  });

  test("an order the journeys never heard of still counts when the wait's hour is over", async () => {
    const { teamId, journeyId } = await cartTeam("fay");
    const t0 = new Date();
    await ingest(teamId, [{ userId: "fay", name: "Cart Updated", properties: { cart_id: "c-6", total: 30 } }]);
    await runJourneys(queues.boss, chunkWorker(), t0);
    // Stored and attached to Fay with no reaction (as when her journeys were not yet known to the process that
    // attached it): the wait asks the stored events once more when its time is up.
    await ingest(teamId, [
      { anonymousId: "anon-fay", name: "Order Completed", properties: { cart_id: "c-6", total: 30 } },
    ]);
    await getDb()
      .updateTable("events")
      .set({ contactId: (await runsOf(journeyId))[0]!.contactId })
      .where("teamId", "=", teamId)
      .where("anonymousId", "=", "anon-fay")
      .execute();
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["fay@murmur.test", "Thanks for your order"]]);
    expect((await runsOf(journeyId)).map((r) => [r.outcome, r.stepId])).toEqual([["completed", "thanks"]]);
  });

  test("an order of another cart, one before the cart, or one failing the wait's conditions does not count", async () => {
    const { teamId, journeyId } = await cartTeam("cat");
    const t0 = new Date();
    await ingest(teamId, [
      // Before the cart in the shopper's own time, though stored in the same batch after it.
      { userId: "cat", name: "Order Completed", properties: { cart_id: "c-2", total: 20 }, occurredAt: at(t0, -60) },
      { userId: "cat", name: "Cart Updated", properties: { cart_id: "c-2", total: 20 }, occurredAt: t0 },
      { userId: "cat", name: "Order Completed", properties: { cart_id: "c-old", total: 20 }, occurredAt: at(t0, 5) },
      { userId: "cat", name: "Order Completed", properties: { cart_id: "c-2", total: 0 }, occurredAt: at(t0, 6) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["cat@murmur.test", "You left something in your cart"]]);
    expect((await runsOf(journeyId)).map((r) => [r.outcome, r.stepId])).toEqual([["completed", "reminder"]]);
  });

  test("an order before a run entered by a later cart does not end that run's wait", async () => {
    const { teamId, journeyId } = await cartTeam("dan");
    const t0 = new Date();
    await ingest(teamId, [
      { userId: "dan", name: "Order Completed", properties: { cart_id: "c-3", total: 5 }, occurredAt: t0 },
    ]);
    await ingest(teamId, [
      { userId: "dan", name: "Cart Updated", properties: { cart_id: "c-3", total: 5 }, occurredAt: at(t0, 1) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["dan@murmur.test", "You left something in your cart"]]);
    expect((await runsOf(journeyId)).map((r) => r.stepId)).toEqual(["reminder"]);
  });

  test("a batch with the cart and its order, retried, enters once and receives once", async () => {
    const { teamId, journeyId } = await cartTeam("eve");
    const t0 = new Date();
    const batch = [
      {
        userId: "eve",
        name: "Cart Updated",
        properties: { cart_id: "c-4", total: 3 },
        messageId: "eve-cart",
        occurredAt: t0,
      },
      {
        userId: "eve",
        name: "Order Completed",
        properties: { cart_id: "c-4", total: 3 },
        messageId: "eve-order",
        occurredAt: at(t0, 1),
      },
    ];
    await ingestOnly(teamId, batch);
    await ingest(teamId, batch);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["eve@murmur.test", "Thanks for your order"]]);
    await ingest(teamId, batch);
    await runJourneys(queues.boss, chunkWorker(), later(t0, 2 * HOUR));
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["finished", "thanks"]]);
    expect(await statsOf(journeyId)).toMatchObject({ "@entry": { entered: 1 }, thanks: { sent: 1 } });
    expect(await outboxOf(teamId)).toHaveLength(1);
  });
});

describe("which event a wait takes", () => {
  test("a second wait for the same event needs a second event: the one the first wait took does not count again", async () => {
    const { teamId } = await createUser();
    for (const userId of ["once", "twice"]) await identify(teamId, userId, { email: `${userId}@murmur.test` });
    const journeyId = await liveJourney(teamId, {
      entry: { type: "event", event: "Cart Updated", properties: [] },
      reentry: { mode: "once" },
      steps: [
        {
          id: "first-order",
          type: "wait_for_event",
          event: "Order Completed",
          properties: [],
          matchProperty: "cart_id",
          timeoutSeconds: HOUR,
          received: [
            {
              id: "second-order",
              type: "wait_for_event",
              event: "Order Completed",
              properties: [],
              timeoutSeconds: HOUR,
              received: [{ id: "loyal", type: "send", channel: "EMAIL", subject: "Two orders!", content: "<p>2</p>" }],
              timedOut: [{ id: "again", type: "send", channel: "EMAIL", subject: "Order again?", content: "<p>1</p>" }],
            },
          ],
          timedOut: [],
        },
      ],
    });
    const t0 = new Date();
    const order = (userId: string, seconds: number) => ({
      userId,
      name: "Order Completed",
      properties: { cart_id: `cart-${userId}` },
      occurredAt: at(t0, seconds),
    });
    const cart = (userId: string) => ({
      userId,
      name: "Cart Updated",
      properties: { cart_id: `cart-${userId}` },
      occurredAt: t0,
    });
    await ingest(teamId, [cart("once"), order("once", 1), cart("twice"), order("twice", 1), order("twice", 2)]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual(
      expect.arrayContaining([
        ["once@murmur.test", "Order again?"],
        ["twice@murmur.test", "Two orders!"],
      ]),
    );
    expect(await statsOf(journeyId)).toMatchObject({ loyal: { sent: 1 }, again: { sent: 1 } });
  });

  test("an order sent late with a time before the cart does not end the wait it reaches", async () => {
    const { teamId, journeyId } = await cartTeam("hue");
    const t0 = new Date();
    await ingest(teamId, [
      { userId: "hue", name: "Cart Updated", properties: { cart_id: "c-9", total: 4 }, occurredAt: t0 },
    ]);
    await runJourneys(queues.boss, chunkWorker(), t0);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["waiting", "wait-order"]]);
    // A phone's queue flushed now: the order it holds was placed a minute before the cart was updated.
    await ingest(teamId, [
      { userId: "hue", name: "Order Completed", properties: { cart_id: "c-9", total: 4 }, occurredAt: at(t0, -60) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["hue@murmur.test", "You left something in your cart"]]);
  });
});

// A trial nudge that a Pro subscription ends, wherever the run is.
const trialJourney: Omit<JourneyInput, "name"> = {
  entry: { type: "event", event: "Trial Started", properties: [] },
  reentry: { mode: "once" },
  goal: { event: "Subscription Started", properties: [{ property: "plan", operator: "equals", value: "pro" }] },
  steps: [{ id: "nudge", type: "send", channel: "EMAIL", subject: "Upgrade today", content: "<p>Go pro</p>" }],
};

describe("a goal that comes before the run's first step", () => {
  test("the goal after the entry in the same batch converts the run it entered, and nothing is sent", async () => {
    const { teamId } = await createUser();
    await identify(teamId, "fay", { email: "fay@murmur.test", name: "Fay" });
    const journeyId = await liveJourney(teamId, trialJourney);
    const t0 = new Date();
    await ingest(teamId, [
      { userId: "fay", name: "Trial Started", occurredAt: t0 },
      { userId: "fay", name: "Subscription Started", properties: { plan: "pro" }, occurredAt: at(t0, 2) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([]);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.outcome, r.stepId])).toEqual([
      ["finished", "converted", null],
    ]);
    expect(await statsOf(journeyId)).toEqual({
      "@entry": { entered: 1, movedOn: 0, sent: 0, skipped: 0, converted: 0, exited: 0 },
      "@goal": { entered: 0, movedOn: 0, sent: 0, skipped: 0, converted: 1, exited: 0 },
    });
  });

  test("a goal before the entry, or not meeting the goal's conditions, converts nothing", async () => {
    const { teamId } = await createUser();
    await identify(teamId, "gil", { email: "gil@murmur.test", name: "Gil" });
    const journeyId = await liveJourney(teamId, trialJourney);
    const t0 = new Date();
    await ingest(teamId, [
      { userId: "gil", name: "Subscription Started", properties: { plan: "pro" }, occurredAt: at(t0, -5) },
      { userId: "gil", name: "Trial Started", occurredAt: t0 },
      { userId: "gil", name: "Subscription Started", properties: { plan: "basic" }, occurredAt: at(t0, 5) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([["gil@murmur.test", "Upgrade today"]]);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.outcome])).toEqual([["finished", "completed"]]);
  });
});

describe("an event that is both the goal and what a wait awaits", () => {
  // The goal ends the journey wherever the contact is: the wait's own branch never sees
  // the event, whichever part of the engine finds it first.
  const orderGoal: Omit<JourneyInput, "name"> = {
    entry: { type: "event", event: "Cart Updated", properties: [] },
    reentry: { mode: "every_time" },
    goal: { event: "Order Completed", properties: [] },
    steps: [
      {
        id: "wait-order",
        type: "wait_for_event",
        event: "Order Completed",
        properties: [],
        matchProperty: "cart_id",
        timeoutSeconds: HOUR,
        received: [{ id: "leave", type: "exit" }],
        timedOut: [
          { id: "reminder", type: "send", channel: "EMAIL", subject: "Your cart", content: "<p>Still there</p>" },
        ],
      },
    ],
  };

  test("an order stored but not reacted to when the wait's hour is over converts the run, not the wait's branch", async () => {
    const { teamId } = await createUser();
    await identify(teamId, "hal", { email: "hal@murmur.test", name: "Hal" });
    const journeyId = await liveJourney(teamId, orderGoal);
    const t0 = new Date();
    await ingest(teamId, [{ userId: "hal", name: "Cart Updated", properties: { cart_id: "c-3" }, occurredAt: t0 }]);
    await runJourneys(queues.boss, chunkWorker(), t0);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.stepId])).toEqual([["waiting", "wait-order"]]);
    // Stored; the runtime reaches the timeout before the reaction takes the queue row.
    await ingestOnly(teamId, [
      { userId: "hal", name: "Order Completed", properties: { cart_id: "c-3" }, occurredAt: at(t0, 60) },
    ]);
    expect(await runJourneyBatch(getDb(), queues.boss, { now: later(t0, HOUR + 1) })).toBe(1);
    expect((await runsOf(journeyId)).map((r) => [r.status, r.outcome, r.stepId])).toEqual([
      ["finished", "converted", "wait-order"],
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([]);
    expect(await statsOf(journeyId)).toMatchObject({
      "wait-order": { entered: 1, movedOn: 0, converted: 1 },
      "@goal": { converted: 1 },
    });
  });
});

describe("an awaited event in the batch that created the contact", () => {
  test("a welcome journey's wait finds the activation sent with the sign-up's identify; another event does not answer it", async () => {
    const { teamId } = await createUser();
    const journeyId = await liveJourney(teamId, {
      entry: { type: "contact_created" },
      steps: [
        {
          id: "wait-activation",
          type: "wait_for_event",
          event: "Activated",
          properties: [],
          timeoutSeconds: HOUR,
          received: [
            { id: "tips", type: "send", channel: "EMAIL", subject: "Tips for day two", content: "<p>Tips</p>" },
          ],
          timedOut: [{ id: "nudge", type: "send", channel: "EMAIL", subject: "Need a hand?", content: "<p>Help</p>" }],
        },
      ],
    });
    const t0 = new Date();
    // Stamped by the client before the batch went out, as an SDK does: both before the server's entry.
    await ingest(teamId, [
      { type: "identify", userId: "cleo", properties: { email: "cleo@murmur.test" }, occurredAt: at(t0, -8) },
      { userId: "cleo", name: "Activated", occurredAt: at(t0, -5) },
    ]);
    await ingest(teamId, [
      { type: "identify", userId: "dan", properties: { email: "dan@murmur.test" }, occurredAt: at(t0, -8) },
      { userId: "dan", name: "Page Viewed", occurredAt: at(t0, -5) },
    ]);
    expect(await sentAfterTheHour(teamId, t0)).toEqual([
      ["cleo@murmur.test", "Tips for day two"],
      ["dan@murmur.test", "Need a hand?"],
    ]);
    expect((await runsOf(journeyId)).map((r) => [r.email, r.stepId])).toEqual([
      ["cleo@murmur.test", "tips"],
      ["dan@murmur.test", "nudge"],
    ]);
  });
});
