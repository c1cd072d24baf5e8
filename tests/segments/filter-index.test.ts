import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/database.ts";
import { newIds } from "#db/ids.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { countFilter, filterContacts } from "#server/segments/filter/query.ts";
import { createUser } from "../factories.ts";

/**
 * The plan PostgreSQL makes for counting a filter's members, when reading the whole
 * table is ruled out (on a test-sized table it is often the cheapest).
 */
async function planOf(teamId: string, tree: unknown): Promise<string> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const query = (await filterContacts(trx, { teamId, filter: parseFilter(tree) }))
        .select(sql<number>`count(*)`.as("count"))
        .compile();
      const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
}

describe("the attributes index (only contacts that have attributes are in it)", () => {
  it("answers attribute equality, alone and inside an OR group, in a team of mostly imported contacts", async () => {
    const { teamId } = await createUser();
    // 5,000 imported contacts without attributes, 20 on the pro plan and 20 with 2 seats.
    const ids = newIds(5_040);
    await getDb()
      .insertInto("contacts")
      .values(
        ids.map((id, i) => ({
          id,
          teamId,
          email: `person-${i}@example.com`,
          attributes: JSON.stringify(i < 20 ? { plan: "pro" } : i < 40 ? { seats: "2" } : {}),
        })),
      )
      .execute();
    await sql`analyze contacts`.execute(getDb());

    const plan = { type: "attribute", key: "plan", operator: "equals", value: "pro" };
    const seats = { type: "attribute", key: "seats", operator: "equals", value: 2 };
    const pro = { type: "group", combinator: "and", conditions: [plan] };
    const either = { type: "group", combinator: "or", conditions: [plan, seats] };
    expect(await planOf(teamId, pro)).toContain("contacts_attributes_idx");
    expect(await planOf(teamId, either)).toContain("contacts_attributes_idx");
    expect(await countFilter(getDb(), { teamId, filter: parseFilter(pro) })).toBe(20);
    expect(await countFilter(getDb(), { teamId, filter: parseFilter(either) })).toBe(40);
  });
});
