import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { applyJobHistoryRetention } from "#server/jobs/job-history.ts";
import { listEventPartitions } from "#server/retention/event-partitions.ts";
import { APPLY_RETENTION_QUEUE, CREATE_EVENT_PARTITIONS_QUEUE, registerRetentionJobs } from "#server/retention/jobs.ts";
import type { RetentionSettings } from "#server/retention/settings.ts";
import { createUser } from "../factories.ts";
import { eventsWithPartition, trackAt } from "./stored-events.ts";

const SETTINGS: RetentionSettings = { engagementDays: 730, outboxDays: 90, eventDedupDays: 30, jobHistoryDays: 7 };
// The worker's clock in these tests.
const NOW = new Date("2045-01-20T03:00:00Z");

let boss: PgBoss;
beforeAll(async () => {
  // No cron pass of its own here: the tests send the scheduled jobs themselves.
  boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 3, supervise: false, schedule: false });
  await boss.start();
  await registerRetentionJobs(boss, { db: getDb(), settings: SETTINGS, now: () => NOW });
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
});

async function runJob(queue: string) {
  const jobId = await boss.send(queue, {});
  await expect
    .poll(async () => (await boss.getJobById(queue, jobId!))?.state, { timeout: 15_000, interval: 200 })
    .toBe("completed");
}

describe("the worker's daily upkeep of stored data", () => {
  test("is scheduled daily, both jobs", async () => {
    expect(await boss.getSchedules(CREATE_EVENT_PARTITIONS_QUEUE)).toMatchObject([
      { name: CREATE_EVENT_PARTITIONS_QUEUE, cron: "7 1 * * *" },
    ]);
    expect(await boss.getSchedules(APPLY_RETENTION_QUEUE)).toMatchObject([
      { name: APPLY_RETENTION_QUEUE, cron: "27 2 * * *" },
    ]);
  });

  test("makes the event partitions of the worker's month and the next three", async () => {
    await runJob(CREATE_EVENT_PARTITIONS_QUEUE);
    const { months } = await listEventPartitions(getDb());
    expect(months.map((month) => month.table).filter((table) => table.startsWith("events_2045"))).toEqual([
      "events_2045_01",
      "events_2045_02",
      "events_2045_03",
      "events_2045_04",
    ]);
  });

  test("applies a team's retention with the worker's clock", async () => {
    const { teamId } = await createUser();
    await getDb().updateTable("teams").set({ eventRetentionMonths: 2 }).where("id", "=", teamId).execute();
    await trackAt(teamId, [new Date("2044-11-19T23:00:00Z"), new Date("2044-11-20T03:00:00Z")]);

    await runJob(APPLY_RETENTION_QUEUE);

    expect((await eventsWithPartition(teamId)).map((event) => event.occurredAt.toISOString())).toEqual([
      "2044-11-20T03:00:00.000Z",
    ]);
  });
});

describe("job history", () => {
  test("every queue keeps finished jobs for the operator's number of days", async () => {
    await applyJobHistoryRetention(boss, { days: 3 });
    const queues = await boss.getQueues();
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining([CREATE_EVENT_PARTITIONS_QUEUE, APPLY_RETENTION_QUEUE]),
    );
    expect(new Set(queues.map((queue) => queue.deleteAfterSeconds))).toEqual(new Set([3 * 24 * 60 * 60]));
  });
});
