import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as createSegment } from "#app/routes/api/segments.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { filterContacts, previewFilter } from "#server/segments/filter/query.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// What the filter compiler's SQL selects for the cases its text has to get right
// (escaping, types, empty groups, shared segments), judged by the members it picks
// in a real database rather than by the text itself.

type Person = { email: string; name?: string; attributes?: object; createdAt?: Date };

/** A team holding exactly `people`, and a way to ask which of them a filter selects (by email, sorted). */
async function teamOf(people: Person[]) {
  const user = await createSignedInUser();
  await getDb()
    .insertInto("contacts")
    .values(
      people.map((p) => ({
        id: newId(),
        teamId: user.teamId,
        email: p.email,
        name: p.name ?? null,
        attributes: JSON.stringify(p.attributes ?? {}),
        createdAt: p.createdAt ?? new Date(),
      })),
    )
    .execute();
  const members = async (tree: unknown) => {
    const { count, sample } = await previewFilter(getDb(), { teamId: user.teamId, filter: parseFilter(tree) });
    const emails = sample.map((c) => c.email).sort();
    expect(count).toBe(emails.length);
    return emails;
  };
  return { ...user, members };
}

const all = (...conditions: unknown[]) => ({ type: "group", combinator: "and", conditions });
const any = (...conditions: unknown[]) => ({ type: "group", combinator: "or", conditions });

describe("the filter compiler, by the members it selects", () => {
  it("takes % and _ in a value as themselves, and compares without regard to case", async () => {
    const team = await teamOf([
      { email: "50%_off@a.test" },
      { email: "50%_OFF.b@a.test" },
      { email: "50xyoff@a.test" },
      { email: "5000_off@a.test" },
      { email: "x50%_off@a.test" },
    ]);
    expect(
      await team.members(all({ type: "field", field: "email", operator: "starts_with", value: "50%_off" })),
    ).toEqual(["50%_OFF.b@a.test", "50%_off@a.test"]);
    expect(await team.members(all({ type: "field", field: "email", operator: "contains", value: "%_O" }))).toEqual([
      "50%_OFF.b@a.test",
      "50%_off@a.test",
      "x50%_off@a.test",
    ]);
  });

  it("reads a date as the start of that day in UTC", async () => {
    const team = await teamOf([
      { email: "last-second@a.test", createdAt: new Date("2026-01-30T23:59:59.999Z") },
      { email: "midnight@a.test", createdAt: new Date("2026-01-31T00:00:00Z") },
    ]);
    expect(
      await team.members(all({ type: "field", field: "createdAt", operator: "before", value: "2026-01-31" })),
    ).toEqual(["last-second@a.test"]);
  });

  it("matches an attribute equal to a number whether it was stored as the number or its text", async () => {
    const team = await teamOf([
      { email: "number@a.test", attributes: { seats: 3 } },
      { email: "text@a.test", attributes: { seats: "3" } },
      { email: "other@a.test", attributes: { seats: 30 } },
      { email: "none@a.test" },
    ]);
    expect(await team.members(all({ type: "attribute", key: "seats", operator: "equals", value: 3 }))).toEqual([
      "number@a.test",
      "text@a.test",
    ]);
    expect(await team.members(all({ type: "attribute", key: "seats", operator: "not_equals", value: 3 }))).toEqual([
      "none@a.test",
      "other@a.test",
    ]);
  });

  it("compares attributes as numbers where they read as numbers, and passes over the rest without an error", async () => {
    const team = await teamOf([
      { email: "five@a.test", attributes: { seats: 5 } },
      { email: "ten-as-text@a.test", attributes: { seats: "10" } },
      { email: "three@a.test", attributes: { seats: 3 } },
      { email: "words@a.test", attributes: { seats: "many" } },
      { email: "none@a.test" },
    ]);
    // As text "10" sorts before "3"; as a number it is greater.
    expect(await team.members(all({ type: "attribute", key: "seats", operator: "greater_than", value: 3 }))).toEqual([
      "five@a.test",
      "ten-as-text@a.test",
    ]);
  });

  it("an empty group holds for everyone, alone or beside other conditions", async () => {
    const team = await teamOf([{ email: "named@a.test", name: "Named" }, { email: "nameless@a.test" }]);
    const named = { type: "field", field: "name", operator: "exists" };
    expect(await team.members(all())).toEqual(["named@a.test", "nameless@a.test"]);
    expect(await team.members(any(named, all()))).toEqual(["named@a.test", "nameless@a.test"]);
    expect(await team.members(all(named, all()))).toEqual(["named@a.test"]);
  });

  it("a segment named a hundred times through another is written once, not copied at every reference", async () => {
    const team = await teamOf([
      { email: "pro@a.test", attributes: { plan: "pro" } },
      { email: "free@a.test", attributes: { plan: "free" } },
      { email: "plain@a.test" },
    ]);
    const create = async (name: string, filter: unknown) => {
      const response = await respond(() =>
        createSegment(routeArgs(jsonRequest("/api/segments", { name, filter }, { headers: bearer(team.token) }))),
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const tenOf = (segmentId: string) =>
      any(...Array.from({ length: 10 }, () => ({ type: "segment", operator: "in", segmentId })));
    const leaf = await create("Pro", all({ type: "attribute", key: "plan", operator: "equals", value: "pro" }));
    const middle = await create("Ten times pro", tenOf(leaf));
    const top = tenOf(middle);
    expect(await team.members(top)).toEqual(["pro@a.test"]);
    // Copied at every reference, ten references to the middle segment would make the
    // statement PostgreSQL parses and plans ten times the size of one reference's.
    const statementSize = async (tree: unknown) => {
      const query = (await filterContacts(getDb(), { teamId: team.teamId, filter: parseFilter(tree) }))
        .select(sql<number>`count(*)`.as("count"))
        .compile();
      return query.sql.length + JSON.stringify(query.parameters).length;
    };
    const once = await statementSize(any({ type: "segment", operator: "in", segmentId: middle }));
    expect(await statementSize(top)).toBeLessThan(2 * once);
  });
});
