import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";

/**
 * The longest a count or sample asked for by a page or the API may run. A count
 * at full scale takes up to half a second (decision 011); past ten times that
 * the filter, or the server, is in trouble, and the connection is better freed.
 */
export const FILTER_READ_TIMEOUT_MS = 5_000;

const TOO_SLOW = "Counting these contacts took too long. Try again later, or narrow the filter.";

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
 *
 * With `timeoutMs`, PostgreSQL cancels the read past that time (planning
 * included), and the caller gets an UNAVAILABLE AppError saying so.
 */
export async function withoutJit<T>(
  db: Database,
  read: (db: Database) => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const run = async (trx: Database) => {
    await sql`set local jit = off`.execute(trx);
    if (options.timeoutMs !== undefined) {
      await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.ceil(options.timeoutMs)))}, true)`.execute(
        trx,
      );
    }
    return read(trx);
  };
  try {
    return await (db.isTransaction ? run(db) : db.transaction().execute(run));
  } catch (error) {
    if (options.timeoutMs !== undefined && isStatementCancelled(error)) throw new AppError("UNAVAILABLE", TOO_SLOW);
    throw error;
  }
}

// SQLSTATE 57014: the statement timeout (or a cancel request) ended the statement.
function isStatementCancelled(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "57014";
}
