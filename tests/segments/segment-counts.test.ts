import { sql } from "kysely";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as listApi } from "#app/routes/api/segments.ts";
import { action as countNow } from "#app/routes/dashboard/segment-count.tsx";
import { loader as segmentsPage } from "#app/routes/dashboard/segments.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createFilterSegment, updateFilterSegment } from "#server/segments/filter-segments.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import {
  createRecountQueue,
  queueDueRecounts,
  RECOUNT_SEGMENT_QUEUE,
  registerSegmentRecounts,
} from "#server/segments/recount-jobs.ts";
import { recountSegment } from "#server/segments/recount-segment.ts";
import { bearer, flashOf, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { seedFilterTeam } from "./filter-seed.ts";
import { ownerAccess } from "../team-access.ts";

// The Segments page and GET /api/segments show each segment's stored count and when it
// was counted; the worker's recount job (pg-boss) keeps them fresh.

const MINUTE = 60_000;
const pro = parseFilter({
  type: "group",
  combinator: "and",
  conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }],
});
const exported = parseFilter({
  type: "group",
  combinator: "and",
  conditions: [{ type: "event", operator: "performed", event: "Report Exported" }],
});

type PageCard = { id: string; name: string; contactCount: number | null; countAge: string | null };
type ApiCard = {
  id: string;
  name: string;
  kind: string;
  contactCount: number | null;
  countedAt: string | null;
  createdAt: string;
};

async function team() {
  const seed = await seedFilterTeam();
  const cookie = { Cookie: await sessionCookieHeader(seed.token) };
  return { seed, cookie };
}

async function pageCards(
  cookie: HeadersInit,
  search = "",
): Promise<PageCard[] & { previousCursor?: string | null; nextCursor?: string | null }> {
  const response = await serveDashboard(segmentsPage, getRequest(`/dashboard/segments${search}`, cookie));
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    segments: PageCard[];
    previousCursor: string | null;
    nextCursor: string | null;
  };
  return Object.assign(body.segments, { previousCursor: body.previousCursor, nextCursor: body.nextCursor });
}

async function apiList(
  token: string,
  search = "",
): Promise<{ status: number; body: { data: ApiCard[]; nextCursor: string | null; message?: string } }> {
  const response = await respond(() => listApi(routeArgs(getRequest(`/api/segments${search}`, bearer(token)))));
  return { status: response.status, body: await response.json() };
}

/** A contact on the "pro" plan added after the segment was counted. */
async function addProContact(teamId: string) {
  await getDb()
    .insertInto("contacts")
    .values({ id: newId(), teamId, email: `late-${newId()}@acme.test`, attributes: JSON.stringify({ plan: "pro" }) })
    .execute();
}

describe("the stored counts", () => {
  test("a segment whose members changed shows its old count and the time it was counted, on the page and in the API", async () => {
    const { seed, cookie } = await team();
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Pro",
      filter: pro,
    });
    await addProContact(seed.teamId);

    const card = (await pageCards(cookie)).find((c) => c.id === segment.id);
    expect(card).toMatchObject({
      name: "Pro",
      contactCount: 2,
      countAge: expect.stringMatching(/^(just now|\d+ min ago)$/),
    });
    const listed = (await apiList(seed.token)).body.data.find((c) => c.id === segment.id);
    expect(listed).toMatchObject({ name: "Pro", kind: "filter", contactCount: 2, countedAt: expect.any(String) });
    const stored = await getDb()
      .selectFrom("segments")
      .select("countedAt")
      .where("id", "=", segment.id)
      .executeTakeFirstOrThrow();
    expect(new Date(listed!.countedAt!).getTime()).toBe(stored.countedAt!.getTime());
  });

  test("listing counts nothing: with contacts, events and memberships locked by another session, the page and the API answer from the stored counts", async () => {
    const { seed, cookie } = await team();
    const byEvent = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Exported",
      filter: exported,
    });
    await getDb()
      .transaction()
      .execute(async (trx) => {
        // Any count would wait on these locks (and the test would time out) instead of answering.
        await sql`lock table contacts, events, segment_members in access exclusive mode`.execute(trx);
        expect((await pageCards(cookie)).find((c) => c.id === byEvent.id)).toMatchObject({ contactCount: 2 });
        expect((await apiList(seed.token)).body.data.find((c) => c.id === byEvent.id)).toMatchObject({
          contactCount: 2,
        });
      });
  });

  test("a count that runs past its time keeps the last count and its time; a segment never counted shows as not counted, with when it was tried", async () => {
    const { seed, cookie } = await team();
    const byEvent = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Exported",
      filter: exported,
    });
    const before = await getDb()
      .selectFrom("segments")
      .select("countedAt")
      .where("id", "=", byEvent.id)
      .executeTakeFirstOrThrow();
    const neverCounted = newId();
    await getDb()
      .insertInto("segments")
      .values({
        id: neverCounted,
        teamId: seed.teamId,
        name: "Stored",
        kind: "filter",
        filter: JSON.stringify(exported),
      })
      .execute();
    expect((await pageCards(cookie)).find((c) => c.id === neverCounted)).toMatchObject({
      contactCount: null,
      countAge: null,
    });

    await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table events in access exclusive mode`.execute(trx);
        expect(await recountSegment(getDb(), { segmentId: byEvent.id, timeoutMs: 300 })).toEqual({
          status: "not-counted",
          reason: "too-slow",
        });
        expect(await recountSegment(getDb(), { segmentId: neverCounted, timeoutMs: 300 })).toEqual({
          status: "not-counted",
          reason: "too-slow",
        });
      });

    const cards = await pageCards(cookie);
    expect(cards.find((c) => c.id === byEvent.id)).toMatchObject({ contactCount: 2 });
    const after = await getDb()
      .selectFrom("segments")
      .select("countedAt")
      .where("id", "=", byEvent.id)
      .executeTakeFirstOrThrow();
    expect(after.countedAt).toEqual(before.countedAt);
    expect(cards.find((c) => c.id === neverCounted)).toMatchObject({
      contactCount: null,
      countAge: expect.any(String),
    });
  });

  test("an edit drops the old tree's count and counts the new one; a count of the old tree that ends after the edit is not stored", async () => {
    const { seed, cookie } = await team();
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Exported",
      filter: exported,
    });
    await addProContact(seed.teamId);
    let staleCount: ReturnType<typeof recountSegment> | undefined;
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table events in access exclusive mode`.execute(trx);
        // Reads the old tree, then waits on the events table.
        staleCount = recountSegment(getDb(), { segmentId: segment.id, timeoutMs: 60_000 });
        await expect.poll(() => waitingOnEvents(), { timeout: 15_000 }).toBeGreaterThan(0);
        await updateFilterSegment(getDb(), {
          access: await ownerAccess(seed.teamId),
          segmentId: segment.id,
          filter: pro,
        });
        expect((await pageCards(cookie)).find((c) => c.id === segment.id)).toMatchObject({ contactCount: 3 });
      });
    // The old tree's count (2) finished once the lock went, and found the segment edited.
    expect(await staleCount).toMatchObject({ status: "counted", contactCount: 2 });
    expect((await pageCards(cookie)).find((c) => c.id === segment.id)).toMatchObject({ contactCount: 3 });
  });
});

/** Sessions of this database waiting for the events table. */
async function waitingOnEvents(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks
    where not granted and relation = 'events'::regclass and database = (select oid from pg_database where datname = current_database())
  `.execute(getDb());
  return rows[0]!.n;
}

describe("Count now on a card", () => {
  test("stores a fresh count and returns to the same tab and page with the count in a toast", async () => {
    const { seed, cookie } = await team();
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Pro",
      filter: pro,
    });
    await addProContact(seed.teamId);
    const search = "?tab=csv&after=abc";

    const response = await serveDashboard(
      countNow,
      formRequest(`/dashboard/segments/${segment.id}/count${search}`, {}, cookie),
      { id: segment.id },
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/dashboard/segments${search}`);
    expect(await flashOf(response)).toEqual([{ type: "success", title: "Success", description: "Pro: 3 contacts" }]);
    expect((await pageCards(cookie)).find((c) => c.id === segment.id)).toMatchObject({ contactCount: 3 });
  });

  test("another team's segment, or an unknown id, is a 404 and counts nothing", async () => {
    const { seed, cookie } = await team();
    const theirs = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.otherTeamId),
      name: "Theirs",
      filter: pro,
    });

    for (const id of [theirs.id, seed.otherSegment.id, newId()]) {
      const response = await serveDashboard(countNow, formRequest(`/dashboard/segments/${id}/count`, {}, cookie), {
        id,
      });
      expect(response.status).toBe(404);
    }
    const row = await getDb()
      .selectFrom("segments")
      .select("contactCount")
      .where("id", "=", seed.otherSegment.id)
      .executeTakeFirstOrThrow();
    expect(row.contactCount).toBeNull();
  });
});

describe("paging the list", () => {
  async function teamWithSegments(count: number) {
    const { seed, cookie } = await team();
    const names = Array.from({ length: count }, (_, i) => `Segment ${String(i).padStart(3, "0")}`);
    // Half of them share one creation time to the microsecond, so only the id tells them apart.
    const tie = new Date("2026-01-01T00:00:00.000Z");
    await getDb()
      .insertInto("segments")
      .values(
        names.map((name, i) => ({
          id: newId(),
          teamId: seed.teamId,
          name,
          kind: "static",
          contactCount: 0,
          countedAt: tie,
          createdAt: i % 2 ? tie : new Date(tie.getTime() + i * MINUTE),
        })),
      )
      .execute();
    // And another team's, interleaved in time: never on this team's pages.
    await getDb()
      .insertInto("segments")
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          id: newId(),
          teamId: seed.otherTeamId,
          name: `Theirs ${i}`,
          kind: "static",
          createdAt: i % 2 ? tie : new Date(tie.getTime() + i * MINUTE),
        })),
      )
      .execute();
    // The seed's own static segment is listed too.
    return { seed, cookie, names: [...names, seed.staticSegment.name] };
  }

  test("Next and then Previous on the page see every segment of the team exactly once, and none of another team's", async () => {
    const { cookie, names } = await teamWithSegments(65);

    const forward: PageCard[][] = [];
    let page = await pageCards(cookie);
    expect(page.previousCursor).toBeNull();
    forward.push(page);
    while (page.nextCursor) {
      page = await pageCards(cookie, `?after=${page.nextCursor}`);
      forward.push(page);
    }
    expect(forward.map((p) => p.length)).toEqual([30, 30, 6]);
    const seen = forward.flat().map((c) => c.name);
    expect([...seen].sort()).toEqual([...names].sort());
    expect(new Set(seen).size).toBe(names.length);

    const backward: PageCard[][] = [page];
    while (page.previousCursor) {
      page = await pageCards(cookie, `?before=${page.previousCursor}`);
      backward.unshift(page);
    }
    expect(backward.map((p) => p.map((c) => c.id))).toEqual(forward.map((p) => p.map((c) => c.id)));
  });

  test("the API pages with cursor and limit, each segment once; a bad cursor or limit is a 400 that says why", async () => {
    const { seed, names } = await teamWithSegments(45);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await apiList(seed.token, `?limit=20${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      seen.push(...body.data.map((c) => c.name));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...names].sort());
    expect(new Set(seen).size).toBe(names.length);

    const everything = await apiList(seed.token);
    expect(everything.body.data).toHaveLength(names.length);
    expect(everything.body.nextCursor).toBeNull();

    const badCursor = await apiList(seed.token, "?cursor=not-a-cursor");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toContain("cursor");
    const badLimit = await apiList(seed.token, "?limit=0");
    expect(badLimit.status).toBe(400);
    expect(JSON.stringify(badLimit.body)).toContain("limit must be 1 to 500");
  });

  test("a page link whose cursor was edited starts the page over with a toast, never an error", async () => {
    const { cookie } = await team();
    const response = await serveDashboard(
      segmentsPage,
      getRequest("/dashboard/segments?after=bm90LWEtY3Vyc29y&tab=csv", cookie),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments?tab=csv");
  });
});

// Last in the file: the worker's clock runs ahead, so every segment of this database is due to it.
describe("the recount job, on pg-boss", () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 4, supervise: false, schedule: false });
    await boss.start();
    await createRecountQueue(boss, { countTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
  });

  test("asked twice for the same due segments, the queue holds one recount per segment", async () => {
    const { seed } = await team();
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Pro",
      filter: pro,
    });
    const settings = { maxAgeSeconds: 600, batch: 10_000, now: () => new Date(Date.now() + 11 * MINUTE) };

    expect(await queueDueRecounts(getDb(), boss, settings)).toBeGreaterThan(0);
    await queueDueRecounts(getDb(), boss, settings);

    expect(await boss.findJobs(RECOUNT_SEGMENT_QUEUE, { key: segment.id, queued: true })).toHaveLength(1);
  });

  test("counts a segment again once its count is older than the setting, and the page and the API then show the new count and its time", async () => {
    const { seed, cookie } = await team();
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(seed.teamId),
      name: "Pro",
      filter: pro,
    });
    await addProContact(seed.teamId);
    // Within the age the setting allows, the worker leaves it alone.
    const fiveMinutesOn = new Date(Date.now() + 5 * MINUTE);
    await queueDueRecounts(getDb(), boss, { maxAgeSeconds: 600, batch: 10_000, now: () => fiveMinutesOn });
    expect(await boss.findJobs(RECOUNT_SEGMENT_QUEUE, { key: segment.id, queued: true })).toHaveLength(0);
    expect((await pageCards(cookie)).find((c) => c.id === segment.id)).toMatchObject({ contactCount: 2 });

    // Eleven minutes on by the worker's clock, it is due.
    const later = new Date(Date.now() + 11 * MINUTE);
    const recounts = await registerSegmentRecounts(boss, {
      db: getDb(),
      settings: {
        maxAgeSeconds: 600,
        concurrency: 2,
        tickMs: 200,
        countTimeoutMs: 5_000,
        batch: 10_000,
        now: () => later,
      },
    });
    try {
      await expect
        .poll(async () => (await pageCards(cookie)).find((c) => c.id === segment.id)?.contactCount, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(3);
    } finally {
      recounts.stop();
    }
    const listed = (await apiList(seed.token)).body.data.find((c) => c.id === segment.id);
    expect(listed).toMatchObject({ contactCount: 3, countedAt: later.toISOString() });
  });
});
