import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { previewFilter } from "#server/segments/filter/query.ts";
import { createEventPartitionsAhead, listEventPartitions } from "#server/retention/event-partitions.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { seedEvents } from "../events/seed.ts";
import { createUser } from "../factories.ts";
import { eventsWithPartition, trackAt } from "./stored-events.ts";

const DAY = 24 * 60 * 60 * 1000;
const monthTable = (time: Date) => `events_${time.toISOString().slice(0, 7).replace("-", "_")}`;

/** The people (by name) who exported a report within the last `days` days, as a segment's preview finds them. */
async function exportedWithin(teamId: string, days: number): Promise<string[]> {
  const filter = parseFilter({
    type: "group",
    combinator: "and",
    conditions: [
      {
        type: "event",
        operator: "performed",
        event: "Report Exported",
        window: { type: "last_days", days },
      },
    ],
  });
  const { count, sample } = await previewFilter(getDb(), { teamId, filter });
  const names = sample.map((contact) => contact.name ?? "?").sort();
  expect(count).toBe(names.length);
  return names;
}

describe("events at a month's boundary", () => {
  test("23:59:59.999 on a month's last day is that month's, 00:00 on the first the next's; filters and analytics see both where they happened", async () => {
    const { teamId } = await createUser();
    // The boundary just behind the clock: this month's first instant and the one before it.
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastOfPrevious = new Date(first.getTime() - 1);
    const tooOld = new Date(now.getTime() - 40 * DAY);
    await seedEvents(teamId, [
      { type: "identify", name: null, userId: "ann", properties: { name: "Ann" }, occurredAt: tooOld },
      { type: "identify", name: null, userId: "ben", properties: { name: "Ben" }, occurredAt: tooOld },
      { type: "identify", name: null, userId: "cy", properties: { name: "Cy" }, occurredAt: tooOld },
    ]);
    await trackAt(teamId, [lastOfPrevious], { userId: "ann" });
    await trackAt(teamId, [first], { userId: "ben" });
    await trackAt(teamId, [tooOld], { userId: "cy" });
    const before = { within31: await exportedWithin(teamId, 31), within45: await exportedWithin(teamId, 45) };

    // Whether the previous month had a partition yet or its events waited in the default one, making it is harmless.
    await createEventPartitionsAhead(getDb(), { now: lastOfPrevious, monthsAhead: 1 });

    const stored = (await eventsWithPartition(teamId)).filter((e) => e.messageId.includes("@"));
    expect(stored.map((e) => [e.messageId, e.partition])).toEqual([
      [`cy@${tooOld.toISOString()}`, expect.stringMatching(/^events_(\d{4}_\d{2}|default)$/)],
      [`ann@${lastOfPrevious.toISOString()}`, monthTable(lastOfPrevious)],
      [`ben@${first.toISOString()}`, monthTable(first)],
    ]);
    expect(stored[1]!.occurredAt.toISOString()).toMatch(/T23:59:59\.999Z$/);
    expect(stored[2]!.occurredAt.toISOString()).toMatch(/-01T00:00:00\.000Z$/);
    // The same members as before the partition was made, the window crossing the month's boundary.
    expect(await exportedWithin(teamId, 31)).toEqual(["Ann", "Ben"]);
    expect(await exportedWithin(teamId, 45)).toEqual(["Ann", "Ben", "Cy"]);
    expect(before).toEqual({ within31: ["Ann", "Ben"], within45: ["Ann", "Ben", "Cy"] });

    await rollUpEvents();
    const [trend] = await readEventTrends(getDb(), {
      teamId,
      timeZone: "UTC",
      from: lastOfPrevious.toISOString().slice(0, 10),
      to: first.toISOString().slice(0, 10),
      names: ["Report Exported"],
    });
    expect(trend?.days.map((day) => [day.date, day.events])).toEqual([
      [lastOfPrevious.toISOString().slice(0, 10), 1],
      [first.toISOString().slice(0, 10), 1],
    ]);
  });
});

describe("the partitions made ahead", () => {
  test("make this month and the next three once; running again makes nothing and keeps every event once", async () => {
    const { teamId } = await createUser();
    // An event from a client whose clock runs years ahead, stored before its month has a partition.
    const early = new Date("2040-02-29T23:59:59.999Z");
    await trackAt(teamId, [early]);
    expect((await eventsWithPartition(teamId)).map((e) => e.partition)).toEqual(["events_default"]);

    const made = await createEventPartitionsAhead(getDb(), { now: new Date("2040-01-31T12:00:00Z") });
    expect(made).toEqual(["events_2040_01", "events_2040_02", "events_2040_03", "events_2040_04"]);
    expect(await createEventPartitionsAhead(getDb(), { now: new Date("2040-01-31T12:00:00Z") })).toEqual([]);
    expect(await createEventPartitionsAhead(getDb(), { now: new Date("2040-02-01T00:00:00Z") })).toEqual([
      "events_2040_05",
    ]);

    const { months, other } = await listEventPartitions(getDb());
    const tables = months.map((month) => month.table);
    expect(tables.filter((table) => table.startsWith("events_2040"))).toEqual([
      "events_2040_01",
      "events_2040_02",
      "events_2040_03",
      "events_2040_04",
      "events_2040_05",
    ]);
    expect(other).toEqual(["events_default"]);
    expect(months.find((month) => month.table === "events_2040_02")).toEqual({
      table: "events_2040_02",
      from: new Date("2040-02-01T00:00:00Z"),
      to: new Date("2040-03-01T00:00:00Z"),
    });
    // Moved out of the default partition into its month, not copied.
    expect((await eventsWithPartition(teamId)).map((e) => [e.messageId, e.partition])).toEqual([
      [`user-1@${early.toISOString()}`, "events_2040_02"],
    ]);
  });

  test("a messageId sent again is still stored once, whichever partition its first copy is in", async () => {
    const { teamId } = await createUser();
    await trackAt(teamId, [new Date("2041-03-10T10:00:00Z")]);
    await createEventPartitionsAhead(getDb(), { now: new Date("2041-03-01T00:00:00Z"), monthsAhead: 0 });
    // The retry's corrected time is a few milliseconds off, as a real SDK retry's may be.
    await seedEvents(teamId, [
      {
        name: "Report Exported",
        userId: "user-1",
        messageId: "user-1@2041-03-10T10:00:00.000Z",
        occurredAt: "2041-03-10T10:00:00.004Z",
      },
    ]);
    expect((await eventsWithPartition(teamId)).map((e) => [e.messageId, e.partition])).toEqual([
      ["user-1@2041-03-10T10:00:00.000Z", "events_2041_03"],
    ]);
  });
});
