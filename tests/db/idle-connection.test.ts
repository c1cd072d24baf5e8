import { sql } from "kysely";
import pg from "pg";
import { afterEach, expect, it, vi } from "vitest";
import { createDatabase, type Database } from "#db/database.ts";

let db: Database | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.destroy();
});

it("carries on with a new connection when the server ends an idle one", async () => {
  db = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const reported = vi.spyOn(console, "error").mockImplementation(() => {});

  // Ended from another connection while the pool holds it idle, as a restart or failover would.
  const other = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other);
  await other.destroy();
  await vi.waitFor(() => expect(reported).toHaveBeenCalled());

  const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
  expect(String(reported.mock.calls[0]![0])).toContain("an idle database connection was closed");
});

it("survives the server ending a connection that is checked out between two queries, and carries on", async () => {
  db = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  // The pg client reports the ended connection as an 'error' event: unheard, it would end the process.
  const emitted = vi.spyOn(pg.Client.prototype, "emit");
  let firstPid = 0;
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
    firstPid = rows[0]!.pid;
    // Ended while a transaction or a job holds it between two statements, as a restart would.
    const other = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    await sql`select pg_terminate_backend(${firstPid})`.execute(other);
    await other.destroy();
    await vi.waitFor(() => expect(emitted.mock.calls.some(([event]) => event === "error")).toBe(true));
    await expect(sql`select 1`.execute(connection)).rejects.toThrow();
  });

  const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  expect(again.rows[0]!.pid).not.toBe(firstPid);
});
