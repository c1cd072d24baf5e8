import { sql } from "kysely";
import { afterEach, expect, test, vi } from "vitest";
import { createDatabase, type Database } from "#db/database.ts";
import { embeddedServerUrl } from "#db/embedded.ts";
import { apiError } from "#server/http/api.ts";
import { freePort } from "../../e2e/free-port.ts";

const opened: Database[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

function open(url: string): Database {
  const db = createDatabase(url, { max: 1 });
  opened.push(db);
  return db;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

async function expectRetryLater(error: unknown) {
  const answer = apiError(error);
  expect(answer.status).toBe(503);
  expect(answer.headers.get("Retry-After")).toBe("2");
  expect(await answer.json()).toEqual({
    message: "The database cannot be reached for a moment. Please try again shortly.",
  });
}

test("a database that refuses connections (stopped, restarting) is a 503 to send again, not a 500", async () => {
  const db = open(embeddedServerUrl(await freePort()));
  await expectRetryLater(await failure(() => sql`select 1`.execute(db)));
});

test("a statement whose connection the server ends (a restart's fast shutdown) is a 503", async () => {
  const db = open(process.env.DATABASE_URL!);
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  vi.spyOn(console, "error").mockImplementation(() => {});
  const sleeping = failure(() => sql`select pg_sleep(30)`.execute(db));
  const other = open(process.env.DATABASE_URL!);
  await vi.waitFor(async () => {
    const active = await sql<{ state: string }>`select state from pg_stat_activity where pid = ${rows[0]!.pid}`.execute(
      other,
    );
    expect(active.rows[0]?.state).toBe("active");
  });
  await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other);
  await expectRetryLater(await sleeping);
});

test("a statement the database refuses is still a 500: only an unreachable database is a 503", async () => {
  const db = open(process.env.DATABASE_URL!);
  const error = await failure(() => sql`select 1 / 0`.execute(db));
  expect(apiError(error).status).toBe(500);
});
