import path from "node:path";
import pg from "pg";
import { memorySettings, startEmbeddedPostgres } from "./embedded.ts";

export type RunningDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

export const APP_DATABASE = "murmur";

/**
 * Finds the database to use: DATABASE_URL when given, otherwise an embedded
 * PostgreSQL kept under `<dataDir>/postgres` with a `murmur` database in it.
 */
export async function startDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onLog?: (message: string) => void;
  callerHandlesSignals?: boolean;
}): Promise<RunningDatabase> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dir: path.join(options.dataDir, "postgres"),
    settings: memorySettings(),
    onLog: options.onLog,
    callerHandlesSignals: options.callerHandlesSignals,
  });
  await ensureDatabase(server.url, APP_DATABASE);
  return { url: withDatabase(server.url, APP_DATABASE), embedded: true, stop: server.stop };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates the database on the server at `url` unless it exists; optionally from a template. */
export async function ensureDatabase(url: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) {
      const from = template ? ` template ${pg.escapeIdentifier(template)}` : "";
      await client.query(`create database ${pg.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}
