import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PgBoss } from "pg-boss";
import { getDb } from "#db/database.ts";
import { PRUNE_AUDIT_LOG_QUEUE, registerAuditLogPruning } from "#server/audit/prune-jobs.ts";
import { pruneAuditLog } from "#server/audit/prune.ts";
import { recordAudit } from "#server/audit/record.ts";
import { signedIn } from "../factories.ts";
import { personAccess } from "./team-people.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Entries of a new team recorded `ages` days before `now`, labelled with their age. */
async function teamWithEntriesAged(now: Date, ages: number[]) {
  const owner = await signedIn();
  for (const age of ages) {
    await recordAudit(getDb(), {
      access: personAccess(owner),
      action: "campaign.created",
      target: { kind: "campaign", id: "01a20000-0000-7000-8000-00000000000b", label: `${age} days old` },
      now: new Date(now.getTime() - age * DAY),
    });
  }
  return owner;
}

async function labelsLeft(teamId: string): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("auditLog")
    .select("targetLabel")
    .where("teamId", "=", teamId)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => row.targetLabel ?? "");
}

// A clock far in the future, so entries other tests record now are never in the way.
const NOW = new Date("2031-06-01T12:00:00Z");

describe("the audit log keeps entries for 400 days", () => {
  test("entries older than 400 days go; those within 400 days stay", async () => {
    const owner = await teamWithEntriesAged(NOW, [1, 399, 401, 800]);

    await pruneAuditLog(getDb(), { now: NOW });

    expect(await labelsLeft(owner.teamId)).toEqual(["1 days old", "399 days old"]);
  });

  test("two days later by the clock, the 399-day-old entry is past retention too", async () => {
    const owner = await teamWithEntriesAged(NOW, [1, 399]);

    await pruneAuditLog(getDb(), { now: new Date(NOW.getTime() + 2 * DAY) });

    expect(await labelsLeft(owner.teamId)).toEqual(["1 days old"]);
  });

  test("a backlog larger than one batch is cleared batch by batch", async () => {
    const owner = await teamWithEntriesAged(NOW, [0, 401, 402, 403, 404, 405, 406, 407]);

    const deleted = await pruneAuditLog(getDb(), { now: NOW, batchSize: 2 });

    expect(deleted).toBeGreaterThanOrEqual(7);
    expect(await labelsLeft(owner.teamId)).toEqual(["0 days old"]);
  });
});

describe("the worker's audit log prune", () => {
  let boss: PgBoss;
  beforeAll(async () => {
    // No cron pass of its own here: the test sends the scheduled job itself.
    boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 3, supervise: false, schedule: false });
    await boss.start();
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
  });

  test("is scheduled daily and prunes with the worker's clock when it runs", async () => {
    const owner = await teamWithEntriesAged(NOW, [10, 390]);
    // The worker's clock is 20 days past NOW: the 390-day-old entry is then 410 days old.
    await registerAuditLogPruning(boss, { db: getDb(), now: () => new Date(NOW.getTime() + 20 * DAY) });

    expect(await boss.getSchedules(PRUNE_AUDIT_LOG_QUEUE)).toMatchObject([
      { name: PRUNE_AUDIT_LOG_QUEUE, cron: "17 3 * * *" },
    ]);
    const jobId = await boss.send(PRUNE_AUDIT_LOG_QUEUE, {});
    await expect
      .poll(async () => (await boss.getJobById(PRUNE_AUDIT_LOG_QUEUE, jobId!))?.state, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe("completed");
    expect(await labelsLeft(owner.teamId)).toEqual(["10 days old"]);
  });
});
