import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { booleanArrayLiteral, textArrayLiteral } from "#db/array-literals.ts";
import { getDb } from "#db/database.ts";

describe("array literals written ahead of time", () => {
  it("reach PostgreSQL as the same elements node-postgres would send", async () => {
    const values = [
      '"Ace" Jones',
      "back\\slash",
      "a,b",
      "{braces}",
      "NULL",
      "null",
      "",
      " spaced ",
      "Zoë 李",
      "tab\there",
      "new\nline",
      null,
    ];
    const { rows } = await sql<{ same: boolean; elements: (string | null)[] }>`
      select ${textArrayLiteral(values)}::text[] = ${values}::text[] as same, ${textArrayLiteral(values)}::text[] as elements
    `.execute(getDb());
    expect(rows[0]).toEqual({ same: true, elements: values });
  });

  it("write uuids and booleans", async () => {
    const ids = ["0196a8f0-0000-7000-8000-000000000001", "0196a8f0-0000-7000-8000-000000000002"];
    const { rows } = await sql<{ ids: string[]; flags: boolean[] }>`
      select ${textArrayLiteral(ids)}::uuid[] as ids, ${booleanArrayLiteral([true, false, true])}::boolean[] as flags
    `.execute(getDb());
    expect(rows[0]).toEqual({ ids, flags: [true, false, true] });
    const empty = await sql<{ n: number }>`select cardinality(${textArrayLiteral([])}::text[]) as n`.execute(getDb());
    expect(empty.rows[0]!.n).toBe(0);
  });
});
