import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { finishStoppedRuns } from "#server/journeys/engine/run-batch.ts";
import { deleteJourney } from "#server/journeys/journeys.ts";
import type { JourneyInput } from "#shared/journeys/definition.ts";
import { createUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { identify, ingest, later, outboxOf, runJourneys, runsOf, statsOf, track } from "./engine-fixtures.ts";
import { liveJourney, publishVersion, setJourneyState } from "./live-journey.ts";

// Re-entry rules, retried ingestion, pausing, stopping, versions and wait until,
// through the ingestion function /v1/batch calls and the runtime at times the test names.

const queues = sendQueues();

const waitThenMail = (subject: string): Omit<JourneyInput, "name" | "reentry"> => ({
  entry: { type: "event", event: "Signed Up", properties: [] },
  steps: [
    { id: "pause", type: "wait", seconds: 60 },
    { id: "mail", type: "send", channel: "EMAIL", subject, content: "<p>Hi</p>" },
  ],
});

async function teamWithContacts(...userIds: string[]) {
  const { teamId } = await createUser();
  for (const userId of userIds) await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
  return teamId;
}

describe("entering a journey", () => {
  test("once: a contact enters a single time, however many events and retries, even from two batches at once", async () => {
    const teamId = await teamWithContacts("ann", "ben");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Hi"), reentry: { mode: "once" } });
    await track(teamId, "ann", "Signed Up", {}, "m-1");
    await track(teamId, "ann", "Signed Up", {}, "m-1");
    await track(teamId, "ann", "Signed Up", {}, "m-2");
    await Promise.all([
      track(teamId, "ben", "Signed Up", {}, "m-3"),
      track(teamId, "ben", "Signed Up", {}, "m-4"),
      ingest(teamId, [
        { userId: "ben", name: "Signed Up", messageId: "m-5" },
        { userId: "ben", name: "Signed Up", messageId: "m-6" },
      ]),
    ]);
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["ann@murmur.test", "ben@murmur.test"]);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 2 });
  });

  test("every time: each event enters again, a retried messageId does not", async () => {
    const teamId = await teamWithContacts("cat");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Hi"), reentry: { mode: "every_time" } });
    await track(teamId, "cat", "Signed Up", {}, "e-1");
    await track(teamId, "cat", "Signed Up", {}, "e-2");
    await track(teamId, "cat", "Signed Up", {}, "e-2");
    expect(await runsOf(journeyId)).toHaveLength(2);
    // Both runs pass the send step: one delivery each, two messages.
    const t0 = new Date();
    await runJourneys(queues.boss, chunkWorker(), t0);
    await runJourneys(queues.boss, chunkWorker(), later(t0, 61));
    expect((await outboxOf(teamId)).map((m) => m.toAddress)).toEqual(["cat@murmur.test", "cat@murmur.test"]);
  });

  test("again after N days: not within the days since the last entry, again after them", async () => {
    const teamId = await teamWithContacts("dan");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Hi"), reentry: { mode: "after_days", days: 3 } });
    await track(teamId, "dan", "Signed Up");
    await track(teamId, "dan", "Signed Up");
    expect(await runsOf(journeyId)).toHaveLength(1);
    // Four days go by.
    await getDb()
      .updateTable("journeyRuns")
      .set({ enteredAt: new Date(Date.now() - 4 * 86_400_000) })
      .where("journeyId", "=", journeyId)
      .execute();
    await track(teamId, "dan", "Signed Up");
    expect(await runsOf(journeyId)).toHaveLength(2);
  });

  test("the entry's property conditions decide; other events and unknown people do not enter", async () => {
    const teamId = await teamWithContacts("eve");
    const journeyId = await liveJourney(teamId, {
      entry: {
        type: "event",
        event: "Plan Changed",
        properties: [{ property: "to", operator: "equals", value: "pro" }],
      },
      steps: [{ id: "pause", type: "wait", seconds: 60 }],
    });
    await track(teamId, "eve", "Plan Changed", { to: "free" });
    await track(teamId, "eve", "Signed Up", { to: "pro" });
    await track(teamId, "nobody-known", "Plan Changed", { to: "pro" });
    expect(await runsOf(journeyId)).toHaveLength(0);
    await track(teamId, "eve", "Plan Changed", { to: "pro" });
    expect(await runsOf(journeyId)).toHaveLength(1);
  });
});

describe("journey states", () => {
  test("paused: nobody enters and runs stay where they are; live again, passed timers fire", async () => {
    const teamId = await teamWithContacts("fay", "gus");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Later") });
    const t0 = new Date();
    await track(teamId, "fay", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), t0);
    await setJourneyState(journeyId, "paused");
    await track(teamId, "gus", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), later(t0, 120));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.stepId])).toEqual([
      ["fay@murmur.test", "waiting", "pause"],
    ]);
    expect(await outboxOf(teamId)).toHaveLength(0);

    await setJourneyState(journeyId, "live");
    await runJourneys(queues.boss, chunkWorker(), later(t0, 121));
    expect((await outboxOf(teamId)).map((m) => [m.toAddress, m.summary])).toEqual([["fay@murmur.test", "Later"]]);
  });

  test("stopped: every unfinished run finishes as stopped and nobody enters", async () => {
    const teamId = await teamWithContacts("hal", "ida");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Never") });
    const t0 = new Date();
    await track(teamId, "hal", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), t0);
    await setJourneyState(journeyId, "stopped");
    await track(teamId, "ida", "Signed Up");
    expect(await finishStoppedRuns(getDb(), { now: later(t0, 1) })).toBeGreaterThanOrEqual(1);
    await runJourneys(queues.boss, chunkWorker(), later(t0, 120));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome])).toEqual([
      ["hal@murmur.test", "finished", "stopped"],
    ]);
    expect(await outboxOf(teamId)).toHaveLength(0);

    // Deleting the stopped journey takes its runs with it (no foreign key cascades to them).
    await deleteJourney(getDb(), { access: await ownerAccess(teamId), journeyId });
    expect(await getDb().selectFrom("journeyRuns").select("id").where("journeyId", "=", journeyId).execute()).toEqual(
      [],
    );
  });

  test("a run keeps the version it entered after a new version goes live", async () => {
    const teamId = await teamWithContacts("jon", "kim");
    const journeyId = await liveJourney(teamId, { ...waitThenMail("Version one") });
    const t0 = new Date();
    await track(teamId, "jon", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), t0);
    await publishVersion(journeyId, { ...waitThenMail("Version two") });
    await track(teamId, "kim", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), t0);
    await runJourneys(queues.boss, chunkWorker(), later(t0, 61));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.version])).toEqual([
      ["jon@murmur.test", 1],
      ["kim@murmur.test", 2],
    ]);
    expect((await outboxOf(teamId)).map((m) => [m.toAddress, m.summary]).sort()).toEqual([
      ["jon@murmur.test", "Version one"],
      ["kim@murmur.test", "Version two"],
    ]);
  });

  test("wait until: the time of day in the contact's zone (an attribute), else the team's", async () => {
    const { teamId } = await createUser();
    await identify(teamId, "lea", { email: "lea@murmur.test", tz: "Asia/Tokyo" });
    await identify(teamId, "max", { email: "max@murmur.test" });
    await getDb().updateTable("teams").set({ timeZone: "America/New_York" }).where("id", "=", teamId).execute();
    const journeyId = await liveJourney(teamId, {
      entry: { type: "event", event: "Signed Up", properties: [] },
      steps: [{ id: "morning", type: "wait_until", time: "09:00", timeZoneAttribute: "tz" }],
    });
    await track(teamId, "lea", "Signed Up");
    await track(teamId, "max", "Signed Up");
    // 12:00 UTC: 21:00 in Tokyo, 07:00 in New York (winter).
    await runJourneys(queues.boss, chunkWorker(), new Date("2030-01-15T12:00:00Z"));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.wakeAt?.toISOString()])).toEqual([
      ["lea@murmur.test", "2030-01-16T00:00:00.000Z"],
      ["max@murmur.test", "2030-01-15T14:00:00.000Z"],
    ]);
  });
});
