import { CompiledQuery } from "kysely";
import type { Db } from "pg-boss";
import type { Database } from "./database.ts";

/**
 * A Kysely transaction as pg-boss's `db` option, so jobs are created in the same
 * transaction as the rows that call for them: both commit, or neither does.
 */
export function bossDb(trx: Database): Db {
  const raw = trx.withoutPlugins();
  return {
    executeSql: async (text, values) => {
      const result = await raw.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
