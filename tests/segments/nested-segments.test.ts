import { beforeAll, describe, expect, test } from "vitest";
import { action as segmentAction } from "#app/routes/api/segment.ts";
import { action as createAction, loader as listLoader } from "#app/routes/api/segments.ts";
import { loader as segmentsPage } from "#app/routes/dashboard/segments.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { segmentContactIds } from "#server/segments/members.ts";
import { recountSegment } from "#server/segments/recount-segment.ts";
import { bearer, getRequest, jsonRequest, sessionCookieHeader } from "../requests.ts";
import { type Seeded, seedFilterTeam } from "./filter-seed.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

// Filter segments that name other segments, which name others: what each save,
// count and list costs when every reference stands for the whole tree it names.

let seed: Seeded;
beforeAll(async () => {
  seed = await seedFilterTeam();
});

const MB = 1024 * 1024;
const group = (combinator: "and" | "or", conditions: unknown[]) => ({ type: "group", combinator, conditions });
const inSegment = (segmentId: string, operator = "in") => ({ type: "segment", operator, segmentId });

/** `references` conditions naming one segment, in groups of 50 (the most a group holds) under an OR. */
function namingMany(segmentId: string, references: number) {
  const groups = [];
  for (let left = references; left > 0; left -= 50)
    groups.push(
      group(
        "or",
        Array.from({ length: Math.min(50, left) }, () => inSegment(segmentId)),
      ),
    );
  return group("or", groups);
}

async function create(name: string, filter?: unknown) {
  const request = jsonRequest("/api/segments", filter === undefined ? { name } : { name, filter }, {
    headers: bearer(seed.token),
  });
  const response = await respond(() => createAction(routeArgs(request)));
  return { status: response.status, body: await response.json() };
}

async function edit(id: string, filter: unknown) {
  const request = jsonRequest(`/api/segments/${id}`, { filter }, { method: "PATCH", headers: bearer(seed.token) });
  const response = await respond(() => segmentAction(routeArgs(request, { params: { id } })));
  return { status: response.status, body: await response.json() };
}

async function listed(): Promise<Map<string, number | null>> {
  const response = await respond(() => listLoader(routeArgs(getRequest("/api/segments", bearer(seed.token)))));
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { id: string; contactCount: number | null }[] };
  return new Map(data.map((card) => [card.id, card.contactCount]));
}

async function pageCounts(): Promise<Map<string, number | null>> {
  const response = await serveDashboard(
    segmentsPage,
    getRequest("/dashboard/segments", { Cookie: await sessionCookieHeader(seed.token) }),
  );
  expect(response.status).toBe(200);
  const { segments } = (await response.json()) as { segments: { id: string; contactCount: number | null }[] };
  return new Map(segments.map((card) => [card.id, card.contactCount]));
}

/** A tree stored as it is, the way one saved before the limit existed would be. */
async function store(name: string, filter: unknown): Promise<string> {
  const id = newId();
  await getDb()
    .insertInto("segments")
    .values({ id, teamId: seed.teamId, name, kind: "filter", filter: JSON.stringify(filter) })
    .execute();
  return id;
}

async function members(segmentId: string): Promise<string[]> {
  const query = await segmentContactIds(getDb(), { teamId: seed.teamId, segmentId });
  const rows = await query.execute();
  return rows.map((row) => seed.names.get(row.contactId) ?? "stranger").sort();
}

function rssGrowthMb(before: number): number {
  return (process.memoryUsage().rss - before) / MB;
}

describe("segments that include segments", () => {
  test("a realistic nesting counts and lists the right members, a segment named twice included", async () => {
    // The seed's static segment holds bob and dan; alice and carol are on the pro plan.
    const pro = (
      await create("Pro", group("and", [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }]))
    ).body.data.id;
    const proListed = (await create("Pro and listed", group("and", [inSegment(pro), inSegment(seed.staticSegment.id)])))
      .body.data.id;
    const proVip = (
      await create("Pro VIP", group("and", [inSegment(pro), { type: "attribute", key: "vip", operator: "exists" }]))
    ).body.data.id;
    // Pro is named by this tree and by both segments it names: written once, read three times.
    const either = await create("Any pro", group("or", [inSegment(pro), inSegment(proListed), inSegment(proVip)]));
    const neither = await create(
      "Listed, not pro",
      group("and", [inSegment(seed.staticSegment.id), inSegment(pro, "not_in"), inSegment(proVip, "not_in")]),
    );
    expect(either.status).toBe(201);
    expect(neither.status).toBe(201);

    expect(await members(pro)).toEqual(["alice", "carol"]);
    expect(await members(proListed)).toEqual([]);
    expect(await members(proVip)).toEqual(["carol"]);
    expect(await members(either.body.data.id)).toEqual(["alice", "carol"]);
    expect(await members(neither.body.data.id)).toEqual(["bob", "dan"]);
    // A campaign sends to the union of its segments, each with CTEs of its own.
    const [a, b] = await Promise.all(
      [either, neither].map((s) => segmentContactIds(getDb(), { teamId: seed.teamId, segmentId: s.body.data.id })),
    );
    const union = await a!.union(b!).execute();
    expect(union.map((row) => seed.names.get(row.contactId)).sort()).toEqual(["alice", "bob", "carol", "dan"]);
    const counts = await listed();
    expect([pro, proListed, proVip, either.body.data.id, neither.body.data.id].map((id) => counts.get(id))).toEqual([
      2, 0, 1, 2, 2,
    ]);
    expect((await pageCounts()).get(either.body.data.id)).toBe(2);
  });

  test("two levels of 1,500 references: the second is refused with the limit named, on create and on edit", async () => {
    const rssBefore = process.memoryUsage().rss;
    const levelOne = await create("1,500 times the list", namingMany(seed.staticSegment.id, 1_500));
    expect(levelOne.status).toBe(201);
    const levelTwo = await create("1,500 times that", namingMany(levelOne.body.data.id, 1_500));
    expect(levelTwo.status).toBe(400);
    expect(levelTwo.body.message).toContain("at most 5,000 conditions");
    expect(levelTwo.body.fields).toEqual({ filter: [expect.stringContaining("at most 5,000 conditions")] });

    const small = (await create("Small", group("and", [inSegment(seed.staticSegment.id)]))).body.data.id;
    const edited = await edit(small, namingMany(levelOne.body.data.id, 1_500));
    expect(edited.status).toBe(400);
    expect(edited.body.message).toContain("at most 5,000 conditions");
    // The level that was allowed counts the static segment's two members, once each.
    expect((await listed()).get(levelOne.body.data.id)).toBe(2);
    const growth = rssGrowthMb(rssBefore);
    console.info(`two levels of 1,500: RSS growth ${growth.toFixed(1)} MB`);
    expect(growth).toBeLessThan(50);
  });

  test("stored trees past the limit (2 x 1,500, and five levels of a lattice) are recounted as not counted; the list and the page stay up", async () => {
    const levelOne = (await create("Level one", namingMany(seed.staticSegment.id, 1_500))).body.data.id;
    const twoLevels = await store("Stored two levels", namingMany(levelOne, 1_500));
    // Five levels of four segments, each naming all four of the level below twelve times:
    // 48^5 paths to walk if each were followed, and as many conditions expanded.
    let below = [seed.staticSegment.id];
    for (let level = 1; level <= 5; level++) {
      const conditions = Array.from({ length: 48 }, (_, i) => inSegment(below[i % below.length]!));
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await store(`Lattice ${level}.${i}`, group("or", conditions)));
      below = ids;
    }
    const pro = (
      await create("Pro", group("and", [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }]))
    ).body.data.id;

    const rssBefore = process.memoryUsage().rss;
    // What the worker's recount job does for each segment that is due: these were stored without a count.
    const ids = await getDb().selectFrom("segments").select("id").where("teamId", "=", seed.teamId).execute();
    for (const { id } of ids) await recountSegment(getDb(), { segmentId: id });
    const counts = await listed();
    const page = await pageCounts();
    const growth = rssGrowthMb(rssBefore);
    console.info(
      `stored 2 x 1,500 and a five-level lattice, recounted, listed and paged: RSS growth ${growth.toFixed(1)} MB`,
    );
    expect(growth).toBeLessThan(50);

    expect(counts.get(twoLevels)).toBeNull();
    expect(page.get(twoLevels)).toBeNull();
    expect(below.map((id) => counts.get(id))).toEqual([null, null, null, null]);
    // Around them, every other segment is counted.
    expect(counts.get(levelOne)).toBe(2);
    expect(counts.get(pro)).toBe(2);
    expect(page.get(pro)).toBe(2);
    expect(counts.get(seed.staticSegment.id)).toBe(2);

    // Sending to one, or naming one in a new segment, is refused with the reason rather than tried.
    await expect(segmentContactIds(getDb(), { teamId: seed.teamId, segmentId: twoLevels })).rejects.toThrow(
      /too large to evaluate.*at most 5,000 conditions/,
    );
    const naming = await create("Names the lattice", group("and", [inSegment(below[0]!)]));
    expect(naming.status).toBe(400);
    expect(naming.body.fields).toEqual({ filter: [expect.stringContaining("at most 5,000 conditions")] });
  });
});
