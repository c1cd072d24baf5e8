import { createHash } from "node:crypto";
import type {
  Compilable,
  CompiledQuery,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
} from "kysely";
import type pg from "pg";
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
 * The pg pool as Kysely's PostgresDialect sees it (Kysely's own `PostgresPool`
 * interface), sending the registered texts as named statements through pg's
 * documented query config (`{ name, text, values }`). PostgreSQL then parses and
 * plans such a statement once per connection rather than on every execution, and
 * after five executions keeps a generic plan when it is no costlier than the
 * custom ones. For the lookups every dashboard page makes (the session, the
 * Contacts page), planning cost more than running them
 * (docs/decisions/017-server-rendering.md). Both sides are public interfaces, so
 * neither a pg nor a Kysely upgrade can silently bypass it.
 *
 * A deployment behind PgBouncer in transaction mode needs its prepared statement
 * support (max_prepared_statements, PgBouncer 1.21 and later).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps its connection state per client object it is given, so each pg
  // client gets one wrapper for its whole life, not a new one per checkout.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
  };
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (Kysely's streaming) is a pg Submittable and goes through as it is.
    if (typeof textOrCursor !== "string")
      return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = parameters ? [...parameters] : [];
    const name = statementNames.get(textOrCursor);
    // pg's result has the fields Kysely reads (command, rowCount, rows), typed more loosely.
    return client.query(
      name ? { name, text: textOrCursor, values } : { text: textOrCursor, values },
    ) as unknown as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: (destroy) => client.release(destroy) };
}

/**
 * Runs a query as a named statement (see preparingPool) and returns its rows.
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
