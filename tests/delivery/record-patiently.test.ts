import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { createDatabase } from "#db/database.ts";
import { embeddedServerUrl } from "#db/embedded.ts";
import { recordPatiently } from "#server/delivery/record-patiently.ts";
import { freePort } from "../../e2e/free-port.ts";
import { TestWaitClock } from "../test-wait-clock.ts";

// A database nobody listens for: its refusals are the real errors a restart gives.
const away = createDatabase(embeddedServerUrl(await freePort()), { max: 1 });
afterAll(() => away.destroy());
const refused = () => sql`select 1`.execute(away).then(() => undefined);

test("answers are recorded once the database is back, after trying again while it was away", async () => {
  const clock = new TestWaitClock();
  let tries = 0;
  await recordPatiently(
    async () => {
      tries += 1;
      if (tries <= 3) await refused();
    },
    { forMs: 60_000, clock },
  );
  expect(tries).toBe(4);
  expect(clock.pauses).toEqual([250, 500, 1000]);
});

test("a database away for longer than the lease: the refusal is thrown once the lease's time has passed", async () => {
  const clock = new TestWaitClock();
  await expect(recordPatiently(refused, { forMs: 5_000, clock })).rejects.toThrow(/ECONNREFUSED/);
  expect(clock.now()).toBeLessThanOrEqual(5_000);
  expect(clock.pauses).toEqual([250, 500, 1000, 2000]);
});

test("a statement the database refuses is thrown at once, not tried again", async () => {
  const clock = new TestWaitClock();
  const wrong = createDatabase(process.env.DATABASE_URL!, { max: 1 });
  try {
    await expect(
      recordPatiently(() => sql`select 1 / 0`.execute(wrong).then(() => undefined), { forMs: 60_000, clock }),
    ).rejects.toThrow(/division by zero/);
  } finally {
    await wrong.destroy();
  }
  expect(clock.pauses).toEqual([]);
});
