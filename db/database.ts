import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { preparingPool } from "./prepared-statements.ts";
import type { DB } from "./types.ts";

export type Database = Kysely<DB>;

// timestamptz and bigint come back as Date and number; counts past 2^53 are not a concern here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

// Each database's pool, for the metrics that report its use (server/metrics).
const pools = new WeakMap<Database, pg.Pool>();

/** How many connections the database's pool holds, how many of them are idle, and how many callers wait for one. */
export function poolUse(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A connection waiting idle in the pool when the server ends it (a restart, a
  // failover, the database stopping before the app at shutdown) is reported as an
  // 'error' event on the pool, which, unheard, ends the whole process. The pool has
  // already dropped that connection and opens another on next use: say so and go on.
  pool.on("error", (error) => {
    console.error(
      JSON.stringify({
        level: 40,
        time: Date.now(),
        service: "murmur",
        msg: "an idle database connection was closed",
        err: error.message,
      }),
    );
  });
  // A connection checked out of the pool has no 'error' listener of the pool's, so one
  // that the server ends between two queries (a restart, pg_terminate_backend) would end
  // the process the same way. Heard here, the connection is no longer usable: the query
  // that uses it next fails with its error (a request answered 503, a job retried), and
  // the pool discards it when it comes back rather than handing it out again.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool), controlClient: pg.Client }),
    // Column names become camelCase; the keys inside a jsonb value stay as stored: they are
    // the customer's (a contact's first_name, an event's cart_id), not ours to rename.
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
  pools.set(db, pool);
  return db;
}

let shared: Database | undefined;

/** The process-wide database, opened on first use from DATABASE_URL. */
export function getDb(): Database {
  if (!shared) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: the database has not been started.");
    shared = createDatabase(url);
  }
  return shared;
}

export async function closeDb(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.destroy();
}
