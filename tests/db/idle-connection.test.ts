import { sql } from "kysely";
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
