import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { closeDb } from "#db/database.ts";
import { withDatabase } from "#db/start.ts";

// Runs in each worker before its test files: a database of its own, cloned from
// the migrated template, so workers never see each other's rows or locks.
const serverUrl = inject("databaseServerUrl");
const template = inject("templateDatabase");
const database = `murmur_test_${process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? process.pid}`;

await cloneTemplate(serverUrl, template, database);
process.env.DATABASE_URL = withDatabase(serverUrl, database);

afterAll(async () => {
  await closeDb();
});

async function cloneTemplate(url: string, from: string, to: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(to)} with (force)`);
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${pg.escapeIdentifier(to)} template ${pg.escapeIdentifier(from)}`);
        return;
      } catch (error) {
        // 55006 object_in_use: another worker is cloning the same template right now.
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await sleep(50 * attempt);
      }
    }
  } finally {
    await client.end();
  }
}
