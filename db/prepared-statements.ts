import { createHash } from "node:crypto";
import type { Compilable, CompiledQuery } from "kysely";
import pg from "pg";
import type { Database } from "./database.ts";

/**
 * The SQL texts chosen to run as named (prepared) statements, by their statement
 * name. Only statements opted in through executePrepared are here: a named
 * statement stays on every pooled connection for its life, so texts that vary
 * (an IN list of any length) must not be. The cap is a guard against a caller
 * whose text does vary; past it, statements simply run unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED_STATEMENTS = 64;

/**
 * A pg client that sends the registered texts as named statements. PostgreSQL
 * then parses and plans such a statement once per connection rather than on
 * every execution, and after five executions keeps a generic plan when it is no
 * costlier than the custom ones. For the lookups every dashboard page makes
 * (the session, the Contacts page), planning cost more than running them
 * (docs/decisions/017-server-rendering.md).
 *
 * A deployment behind PgBouncer in transaction mode needs its prepared statement
 * support (max_prepared_statements, PgBouncer 1.21 and later).
 */
export class PreparingClient extends pg.Client {
  // pg's query() has many overloads and returns what the one called returns; only the
  // (text, values) form Kysely uses is rewritten, the rest pass through untouched.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === "string" && args.length === 2 && Array.isArray(values) ? statementNames.get(text) : undefined;
    const call = super.query as (...args: unknown[]) => never;
    return name ? call.call(this, { text, values, name }) : call.apply(this, args);
  }
}

/**
 * Runs a query as a named statement (see PreparingClient) and returns its rows.
 * For statements of a fixed text that run on most requests; the plan PostgreSQL
 * settles on must suit every parameter value, which holds when the statement's
 * shape (a unique key, a keyset index, a forced join order) decides the plan.
 */
export async function executePrepared<R>(db: Database, query: Compilable<R> | CompiledQuery<R>): Promise<R[]> {
  const compiled = "compile" in query ? query.compile() : query;
  if (!statementNames.has(compiled.sql) && statementNames.size < MAX_PREPARED_STATEMENTS) {
    statementNames.set(compiled.sql, `murmur_${createHash("sha256").update(compiled.sql).digest("hex").slice(0, 24)}`);
  }
  return (await db.executeQuery(compiled)).rows;
}
