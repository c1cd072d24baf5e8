import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "../../db/database.ts";
import { CountSlots } from "../../server/segments/count-slots.ts";
import { createFilterSegment } from "../../server/segments/filter-segments.ts";
import { parseFilter } from "../../server/segments/filter/parse.ts";
import { listSegments } from "../../server/segments/segments.ts";
import { seedFilterTeam } from "./filter-seed.ts";

// The Segments page and GET /api/segments count every filter segment of the team:
// what they answer when the counting cannot be done in time.

const pro = parseFilter({ type: "group", combinator: "and", conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }] });
const exported = parseFilter({ type: "group", combinator: "and", conditions: [{ type: "event", operator: "performed", event: "Report Exported" }] });

async function team() {
  const seed = await seedFilterTeam();
  const byPlan = await createFilterSegment(getDb(), { teamId: seed.teamId, name: "Pro", filter: pro });
  const byEvent = await createFilterSegment(getDb(), { teamId: seed.teamId, name: "Exported", filter: exported });
  return { seed, byPlan, byEvent };
}

const countsOf = (cards: { id: string; contactCount: number | null }[]) => new Map(cards.map((card) => [card.id, card.contactCount]));

describe("counting the segments of a list", () => {
  test("a count still running at its statement timeout is shown as not counted, and the others are counted", async () => {
    const { seed, byPlan, byEvent } = await team();
    // Another session holds the events table, so the count that reads it waits until PostgreSQL cancels it.
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table events in access exclusive mode`.execute(trx);
        const counts = countsOf(await listSegments(getDb(), { teamId: seed.teamId, budget: { countMs: 300 } }));
        expect(counts.get(byEvent.id)).toBeNull();
        expect(counts.get(byPlan.id)).toBe(2);
        expect(counts.get(seed.staticSegment.id)).toBe(2);
      });
    // With the table free again, the same list counts it.
    expect(countsOf(await listSegments(getDb(), { teamId: seed.teamId, budget: { countMs: 300 } })).get(byEvent.id)).toBe(2);
  });

  test("once the request's budget is spent, the remaining filter segments are not counted, without running them", async () => {
    const { seed, byPlan, byEvent } = await team();
    // A clock that moves ten seconds each time it is read: the budget of 25 s is spent after the first count.
    let now = 0;
    const clock = () => (now += 10_000);
    const cards = await listSegments(getDb(), { teamId: seed.teamId, budget: { requestMs: 25_000, parallel: 1, now: clock } });
    const counts = countsOf(cards);
    // Newest first: the event segment is counted, the older one is out of time.
    expect(counts.get(byEvent.id)).toBe(2);
    expect(counts.get(byPlan.id)).toBeNull();
    expect(counts.get(seed.staticSegment.id)).toBe(2);
  });
});

describe("count slots", () => {
  test("hand turns over in order, and a wait that outlasts its time gets none", async () => {
    const slots = new CountSlots(1);
    const first = await slots.acquire(0);
    expect(first).not.toBeNull();
    expect(await slots.acquire(0)).toBeNull();
    const late = slots.acquire(10);
    const next = slots.acquire(60_000);
    expect(await late).toBeNull();
    first!();
    const second = await next;
    expect(second).not.toBeNull();
    second!();
    second!();
    // Released once however often it is called: one turn is free, not two.
    const third = await slots.acquire(0);
    expect(third).not.toBeNull();
    expect(await slots.acquire(0)).toBeNull();
  });
});
