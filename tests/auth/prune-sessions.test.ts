import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PgBoss } from "pg-boss";
import { loader as me } from "#app/routes/api/me.ts";
import { getDb } from "#db/database.ts";
import { pruneEndedSessions } from "#server/auth/prune-sessions.ts";
import { PRUNE_SESSIONS_QUEUE, registerSessionPruning } from "#server/auth/session-jobs.ts";
import { createSession } from "#server/auth/sessions.ts";
import { createUser, type TestUser } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A session of `user` whose expiry and revocation are set relative to `now`, in days (null: not revoked). */
async function sessionOf(user: TestUser, now: Date, days: { expires: number; revoked?: number }) {
  const { token } = await createSession(getDb(), { userId: user.userId, teamId: user.teamId });
  const row = await getDb()
    .updateTable("sessions")
    .set({
      expiresAt: new Date(now.getTime() + days.expires * DAY),
      revokedAt: days.revoked === undefined ? null : new Date(now.getTime() + days.revoked * DAY),
    })
    .where("tokenHash", "=", createHash("sha256").update(token).digest())
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

async function remainingSessionsOf(user: TestUser): Promise<string[]> {
  const rows = await getDb().selectFrom("sessions").select("id").where("userId", "=", user.userId).execute();
  return rows.map((row) => row.id).sort();
}

describe("pruneEndedSessions", () => {
  test("deletes sessions expired or revoked over a week ago; recent ones and live ones stay, and the live one still signs in", async () => {
    const now = new Date();
    const user = await createUser();
    const expiredLongAgo = await sessionOf(user, now, { expires: -8 });
    const revokedLongAgo = await sessionOf(user, now, { expires: 20, revoked: -8 });
    const revokedRecently = await sessionOf(user, now, { expires: 20, revoked: -2 });
    const expiredRecently = await sessionOf(user, now, { expires: -2 });
    const live = await sessionOf(user, now, { expires: 20 });

    const deleted = await pruneEndedSessions(getDb(), { now });

    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await remainingSessionsOf(user)).toEqual([revokedRecently.id, expiredRecently.id, live.id].sort());
    expect(await remainingSessionsOf(user)).not.toContain(expiredLongAgo.id);
    expect(await remainingSessionsOf(user)).not.toContain(revokedLongAgo.id);
    const response = await respond(() => me(routeArgs(getRequest("/api/me", bearer(live.token)))));
    expect(response.status).toBe(200);
  });

  test("a week later by the clock, the recently ended ones go too and the live one stays", async () => {
    const now = new Date();
    const user = await createUser();
    await sessionOf(user, now, { expires: 20, revoked: -2 });
    await sessionOf(user, now, { expires: -2 });
    const live = await sessionOf(user, now, { expires: 20 });

    await pruneEndedSessions(getDb(), { now: new Date(now.getTime() + 6 * DAY) });

    expect(await remainingSessionsOf(user)).toEqual([live.id]);
  });

  test("a backlog larger than one batch is cleared batch by batch", async () => {
    const now = new Date();
    const user = await createUser();
    for (let i = 0; i < 7; i++) await sessionOf(user, now, { expires: -30 - i });
    const live = await sessionOf(user, now, { expires: 20 });

    const deleted = await pruneEndedSessions(getDb(), { now, batchSize: 2 });

    expect(deleted).toBeGreaterThanOrEqual(7);
    expect(await remainingSessionsOf(user)).toEqual([live.id]);
  });
});

describe("the worker's session prune", () => {
  let boss: PgBoss;
  beforeAll(async () => {
    // No cron pass of its own here: the test sends the scheduled job itself.
    boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 3, supervise: false, schedule: false });
    await boss.start();
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
  });

  test("is scheduled hourly and prunes with the worker's clock when it runs", async () => {
    const realNow = new Date();
    const user = await createUser();
    await sessionOf(user, realNow, { expires: -1 });
    const live = await sessionOf(user, realNow, { expires: 20 });
    // The worker's clock is ten days ahead: the session that expired yesterday is then long over.
    await registerSessionPruning(boss, { db: getDb(), now: () => new Date(realNow.getTime() + 10 * DAY) });

    expect(await boss.getSchedules(PRUNE_SESSIONS_QUEUE)).toMatchObject([
      { name: PRUNE_SESSIONS_QUEUE, cron: "23 * * * *" },
    ]);

    const jobId = await boss.send(PRUNE_SESSIONS_QUEUE, {});
    await expect
      .poll(async () => (await boss.getJobById(PRUNE_SESSIONS_QUEUE, jobId!))?.state, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe("completed");
    expect(await remainingSessionsOf(user)).toEqual([live.id]);
  });
});
