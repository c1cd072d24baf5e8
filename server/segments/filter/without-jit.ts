import { sql } from "kysely";
import type { Database } from "../../../db/database.ts";

/**
 * Runs a read of a filter's contacts (a count, a sample) with PostgreSQL's JIT
 * compilation off, in a transaction of its own so the setting ends with it.
 *
 * Why: PostgreSQL decides to JIT-compile from the plan's estimated cost, and a
 * filter over a million contacts is estimated far above the thresholds (an OR
 * of activity conditions at 7e9, against 500,000 for full optimisation), while
 * it runs in well under a second. Compiling its expressions then costs 240 to
 * 800 ms by itself (docs/decisions/011): more than the query. The embedded
 * server is built without JIT; a DATABASE_URL server usually has it.
 */
export async function withoutJit<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  const run = async (trx: Database) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
