import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { createDatabase, type Database } from "#db/database.ts";
import { executePrepared } from "#db/prepared-statements.ts";

let db: Database | undefined;
afterEach(async () => {
  await db?.destroy();
});

/** The statements PostgreSQL holds prepared on the pool's one connection. */
async function preparedOnConnection(database: Database): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database);
  return rows.map((row) => row.statement);
}

it("runs an opted-in statement as a named statement that stays on the connection, and an ordinary one unnamed", async () => {
  db = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  const opted = sql<{ answer: number }>`select ${41}::int + 1 as answer /* prepared-statements.test opted in */`;
  const ordinary = sql<{ answer: number }>`select ${1}::int + 1 as answer /* prepared-statements.test ordinary */`;

  // Both give their rows, through Kysely, with parameters, however they were sent.
  expect(await executePrepared(db, opted.compile(db))).toEqual([{ answer: 42 }]);
  expect((await ordinary.execute(db)).rows).toEqual([{ answer: 2 }]);
  // Run again: a named statement is parsed once, so a second run must reuse it, not fail as a duplicate.
  expect(await executePrepared(db, opted.compile(db))).toEqual([{ answer: 42 }]);

  const prepared = await preparedOnConnection(db);
  expect(prepared.filter((text) => text.includes("prepared-statements.test opted in"))).toHaveLength(1);
  expect(prepared.filter((text) => text.includes("prepared-statements.test ordinary"))).toHaveLength(0);
});

it("keeps preparing inside a transaction, on the transaction's connection", async () => {
  db = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  const opted = sql<{
    answer: string;
  }>`select ${"in a transaction"}::text as answer /* prepared-statements.test transaction */`;

  const prepared = await db.transaction().execute(async (trx) => {
    expect(await executePrepared(trx, opted.compile(trx))).toEqual([{ answer: "in a transaction" }]);
    return preparedOnConnection(trx);
  });

  expect(prepared.filter((text) => text.includes("prepared-statements.test transaction"))).toHaveLength(1);
});
