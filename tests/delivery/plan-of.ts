import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { type Database, getDb } from "#db/database.ts";

/**
 * The plans PostgreSQL makes for every query a domain function runs, joined into one
 * text, when reading a whole table or sorting are ruled out unless nothing else can
 * answer: on a test-sized table, or with statistics not yet gathered, both are often the
 * cheapest and would hide whether an index serves the query and its order. A Sort
 * left in the plan then means no index gives that order.
 */
export async function planOf(run: (db: Database) => Promise<unknown>): Promise<string> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const queries: CompiledQuery[] = [];
      const capture: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          queries.push(trx.getExecutor().compileQuery(node, queryId));
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      await run(trx.withPlugin(capture));
      const plans: string[] = [];
      for (const query of queries) {
        const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        plans.push(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
      return plans.join("\n\n");
    });
}
