import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { claimDueRuns } from "#server/journeys/engine/claim.ts";
import { createUser } from "../factories.ts";
import { liveJourney } from "./live-journey.ts";

// The runtime claims a batch of due runs at a time. A large entry leaves tens of
// thousands of runs due at once: each claim must take the oldest of them and stop,
// not read the whole backlog for every batch of 500. Nor may a paused journey's runs,
// due all the while it is paused, be read by every claim of the live ones.

const STEPS = [
  { id: "hello", type: "send" as const, channel: "EMAIL" as const, subject: "Hello", content: "<p>Hi</p>" },
];

/** A live journey that contacts enter once, on being created, and that sends them one email. */
function oneSendJourney(teamId: string) {
  return liveJourney(teamId, { entry: { type: "contact_created" }, reentry: { mode: "once" }, steps: STEPS });
}

/** `count` runs of the journey in `status`, one a second from `from` on (updated, or due, at that time). */
async function runs(teamId: string, journeyId: string, count: number, status: "active" | "waiting", from: Date) {
  await sql`
    with made as (
      insert into contacts (id, team_id, email, name)
      select gen_random_uuid(), ${teamId}, 'claim-' || gen_random_uuid() || '@murmur.test', 'Claimed' from generate_series(1, ${count})
      returning id
    )
    insert into journey_runs (id, team_id, journey_id, version, contact_id, status, step_id, wake_at, updated_at)
    select gen_random_uuid(), ${teamId}, ${journeyId}, 1, id, ${status}, case when ${status} = 'waiting' then 'hello' end,
      case when ${status} = 'waiting' then ${from}::timestamptz + n * interval '1 second' end,
      ${from}::timestamptz + n * interval '1 second'
    from (select id, row_number() over () as n from made) numbered`.execute(getDb());
}

/**
 * Pauses every other live journey of this worker's database (files of a worker run one
 * at a time): the claim is the runtime's, across teams, and is asked about these runs only.
 */
async function onlyLive(journeyId: string) {
  await getDb()
    .updateTable("journeys")
    .set({ state: "paused" })
    .where("state", "=", "live")
    .where("id", "<>", journeyId)
    .execute();
}

/**
 * Pages of journey_runs' heap this transaction has asked for so far, found in memory or
 * read: one each time an index scan goes on to a run in another page, whether or not it
 * keeps the run, and one for each run it locks. (Its count of rows fetched stays at 0
 * for the scans of the claim functions.)
 */
async function runsRead(trx: Parameters<typeof claimDueRuns>[0]): Promise<number> {
  const { rows } = await sql<{ read: string }>`
    select pg_stat_get_xact_blocks_fetched('journey_runs'::regclass) as read`.execute(trx);
  return Number(rows[0]!.read);
}

describe("claiming due runs", () => {
  test("a claim takes the oldest active runs of live journeys and reads about its batch, not the backlog", async () => {
    const { teamId } = await createUser();
    const live = await oneSendJourney(teamId);
    const paused = await oneSendJourney(teamId);
    await onlyLive(live);
    // The paused journey's runs are the oldest: they stay where they are.
    await runs(teamId, paused, 50, "active", new Date("2026-01-01T00:00:00Z"));
    await runs(teamId, live, 3_000, "active", new Date("2026-01-02T00:00:00Z"));

    await getDb()
      .transaction()
      .execute(async (trx) => {
        const before = await runsRead(trx);
        const claimed = await claimDueRuns(trx, { now: new Date(), limit: 100 });
        const read = (await runsRead(trx)) - before;
        expect(claimed).toHaveLength(100);
        expect(new Set(claimed.map((run) => run.journeyId))).toEqual(new Set([live]));
        const { rows: oldest } = await sql<{ id: string }>`
          select id from journey_runs where journey_id = ${live} order by updated_at limit 100`.execute(trx);
        expect(claimed.map((run) => run.id).sort()).toEqual(oldest.map((row) => row.id).sort());
        // A page for each run of the batch (locking it) and a probe: 104 here. Reading on
        // through the backlog would add every page its 3,000 runs fill.
        expect(read).toBeLessThan(150);
      });
  });

  test("a paused journey's backlog, active runs and passed timers, is not read by the claims of the live ones", async () => {
    const { teamId } = await createUser();
    const live = await oneSendJourney(teamId);
    const paused = await oneSendJourney(teamId);
    await onlyLive(live);
    const now = new Date();
    // Paused with thousands due, older than anything of the live journey's.
    await runs(teamId, paused, 3_000, "active", new Date(now.getTime() - 7_200_000));
    await runs(teamId, paused, 3_000, "waiting", new Date(now.getTime() - 7_200_000));
    await runs(teamId, live, 20, "active", new Date(now.getTime() - 3_600_000));
    await runs(teamId, live, 20, "waiting", new Date(now.getTime() - 3_600_000));

    await getDb()
      .transaction()
      .execute(async (trx) => {
        const before = await runsRead(trx);
        const claimed = await claimDueRuns(trx, { now, limit: 100 });
        const read = (await runsRead(trx)) - before;
        expect(claimed.map((run) => run.status)).toEqual([...Array(20).fill("active"), ...Array(20).fill("waiting")]);
        expect(new Set(claimed.map((run) => run.journeyId))).toEqual(new Set([live]));
        // The live journey's 40 runs and a probe or two: 45 here. Walking the paused runs
        // first, as the claims did, read the pages their 6,000 fill: 209.
        expect(read).toBeLessThan(100);
      });
  });

  test("live journeys are claimed from the one whose due runs are oldest, and a batch goes on to the next", async () => {
    const { teamId } = await createUser();
    const later = await oneSendJourney(teamId);
    const earlier = await oneSendJourney(teamId);
    await getDb()
      .updateTable("journeys")
      .set({ state: "paused" })
      .where("state", "=", "live")
      .where("id", "not in", [later, earlier])
      .execute();
    await runs(teamId, later, 30, "active", new Date("2026-01-02T00:00:00Z"));
    await runs(teamId, earlier, 30, "active", new Date("2026-01-01T00:00:00Z"));

    await getDb()
      .transaction()
      .execute(async (trx) => {
        const claimed = await claimDueRuns(trx, { now: new Date(), limit: 50 });
        expect(claimed.map((run) => run.journeyId)).toEqual([...Array(30).fill(earlier), ...Array(20).fill(later)]);
        const { rows: oldest } = await sql<{ id: string }>`
          select id from journey_runs where journey_id = ${later} order by updated_at limit 20`.execute(trx);
        expect(claimed.slice(30).map((run) => run.id)).toEqual(oldest.map((row) => row.id));
      });
  });

  test("two workers claiming at once take different runs, and the due timers come after the active runs", async () => {
    const { teamId } = await createUser();
    const journeyId = await oneSendJourney(teamId);
    await onlyLive(journeyId);
    const now = new Date();
    await runs(teamId, journeyId, 30, "active", new Date(now.getTime() - 3_600_000));
    await runs(teamId, journeyId, 40, "waiting", new Date(now.getTime() - 3_600_000));
    // Timers not due yet are not taken.
    await runs(teamId, journeyId, 10, "waiting", new Date(now.getTime() + 3_600_000));

    const first = await getDb()
      .connection()
      .execute(async (connection) => {
        await sql`begin`.execute(connection);
        const claimed = await claimDueRuns(connection, { now, limit: 50 });
        const second = await getDb()
          .transaction()
          .execute((trx) => claimDueRuns(trx, { now, limit: 50 }));
        await sql`rollback`.execute(connection);
        return { claimed, second };
      });
    expect(first.claimed.map((run) => run.status)).toEqual([...Array(30).fill("active"), ...Array(20).fill("waiting")]);
    expect(first.second).toHaveLength(20);
    expect(first.second.every((run) => run.status === "waiting")).toBe(true);
    const ids = new Set(first.claimed.map((run) => run.id));
    expect(first.second.some((run) => ids.has(run.id))).toBe(false);
    expect(first.second.every((run) => run.wakeAt!.getTime() <= now.getTime())).toBe(true);
  });
});
