import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { createEventPartitionsAhead } from "#server/retention/event-partitions.ts";
import { pruneExpiredEvents, pruneTeamEvents } from "#server/retention/prune-events.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { createUser } from "../factories.ts";
import { eventsWithPartition, trackAt } from "./stored-events.ts";

// A clock years ahead, so events other tests store now are never older than a cutoff here.
const NOW = new Date("2031-06-15T12:00:00Z");
// Thirteen months before NOW: the oldest instant a team keeping 13 months keeps.
const CUTOFF = new Date("2030-05-15T12:00:00Z");
const BUDGET = { batchSize: 5_000, maxBatches: 1_000 };

const TIMES = [
  new Date("2030-04-20T08:00:00Z"), // the month before the cutoff's, in the default partition
  new Date(CUTOFF.getTime() - 1), // the last instant past retention, in the cutoff's month
  CUTOFF, // the first instant kept, same partition
  new Date("2030-06-10T00:00:00Z"), // the next month's partition
  new Date("2031-06-01T00:00:00Z"), // recent, in the default partition
];

async function teamKeeping(months: number | null) {
  const { teamId } = await createUser();
  await getDb().updateTable("teams").set({ eventRetentionMonths: months }).where("id", "=", teamId).execute();
  await trackAt(teamId, TIMES);
  return teamId;
}

const timesLeft = async (teamId: string) =>
  (await eventsWithPartition(teamId)).map((event) => event.occurredAt.toISOString());

async function totalInAnalytics(teamId: string): Promise<number | undefined> {
  const [trend] = await readEventTrends(getDb(), {
    teamId,
    timeZone: "UTC",
    from: "2030-04-01",
    to: "2031-06-30",
    names: ["Report Exported"],
  });
  return trend?.total;
}

describe("a team's 'Keep product events' setting", () => {
  test("deletes exactly the events older than its months, in partitions and the default one; other teams keep theirs", async () => {
    await createEventPartitionsAhead(getDb(), { now: new Date("2030-05-01T00:00:00Z"), monthsAhead: 1 });
    const keeps13 = await teamKeeping(13);
    const keepsForever = await teamKeeping(null);
    const keeps24 = await teamKeeping(24);
    const placed = (await eventsWithPartition(keeps13)).map((event) => event.partition);
    expect(placed).toEqual(["events_default", "events_2030_05", "events_2030_05", "events_2030_06", "events_default"]);

    await pruneExpiredEvents(getDb(), { now: NOW, ...BUDGET });

    expect(await timesLeft(keeps13)).toEqual([
      "2030-05-15T12:00:00.000Z",
      "2030-06-10T00:00:00.000Z",
      "2031-06-01T00:00:00.000Z",
    ]);
    const all = TIMES.map((time) => time.toISOString());
    expect(await timesLeft(keepsForever)).toEqual(all);
    expect(await timesLeft(keeps24)).toEqual(all);
  });

  test("a day later by the clock, the event at the old cutoff is past retention too", async () => {
    const teamId = await teamKeeping(13);
    await pruneExpiredEvents(getDb(), { now: new Date(NOW.getTime() + 24 * 60 * 60 * 1000), ...BUDGET });
    expect(await timesLeft(teamId)).toEqual(["2030-06-10T00:00:00.000Z", "2031-06-01T00:00:00.000Z"]);
  });

  test("analytics keep their figures: the rollups count the deleted events still", async () => {
    const teamId = await teamKeeping(13);
    await rollUpEvents();
    expect(await totalInAnalytics(teamId)).toBe(5);

    await pruneExpiredEvents(getDb(), { now: NOW, ...BUDGET });
    await rollUpEvents();

    expect(await timesLeft(teamId)).toHaveLength(3);
    expect(await totalInAnalytics(teamId)).toBe(5);
  });

  test("deletes in batches of the given size, stops when its budget is spent, and the next run goes on", async () => {
    const { teamId } = await createUser();
    const old = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2029, 0, 1 + i)));
    await trackAt(teamId, [...old, CUTOFF]);

    const first = await pruneTeamEvents(getDb(), { teamId, before: CUTOFF, batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ deleted: 4, batches: 2, done: false });
    expect(await timesLeft(teamId)).toHaveLength(4);

    const second = await pruneTeamEvents(getDb(), { teamId, before: CUTOFF, batchSize: 2, maxBatches: 100 });
    expect(second.deleted).toBe(3);
    expect(second.done).toBe(true);
    expect(await timesLeft(teamId)).toEqual([CUTOFF.toISOString()]);
  });
});
