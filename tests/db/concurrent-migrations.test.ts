import { sql } from "kysely";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { createDatabase } from "#db/database.ts";
import { migrateToLatest, migrationNames } from "#db/migrate.ts";
import { withDatabase } from "#db/start.ts";

// Several containers started at once (a deploy, a compose `up`) each migrate at start.
// Kysely's migrator on PostgreSQL holds a session advisory lock around the whole run, so
// the second waits, then finds nothing left to do.
const serverUrl = withDatabase(process.env.DATABASE_URL!, "postgres");
const database = `murmur_test_fresh_${process.pid}`;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await onServer(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`);
});

test("two processes starting at once on an empty database apply each migration once, and both start", async () => {
  await onServer(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`);
  await onServer(`create database ${pg.escapeIdentifier(database)}`);
  const url = withDatabase(serverUrl, database);
  const first = createDatabase(url, { max: 2 });
  const second = createDatabase(url, { max: 2 });
  try {
    const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
    // One of them did all the work; the other waited for the lock and found the schema current.
    expect([...a, ...b].toSorted()).toEqual(migrationNames.toSorted());
    expect([a.length, b.length].toSorted((x, y) => x - y)).toEqual([0, migrationNames.length]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first);
    expect(rows.map((row) => row.name)).toEqual(migrationNames.toSorted());
    // A start after them has nothing to do either.
    expect(await migrateToLatest(second)).toEqual([]);
  } finally {
    await first.destroy();
    await second.destroy();
  }
});
