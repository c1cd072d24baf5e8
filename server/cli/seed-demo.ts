import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";
import { hashPassword } from "#server/auth/password.ts";
import { DEFAULT_DEMO_SIZE, MAX_DEMO_SIZE, seedDemoTeam } from "#server/demo/seed-demo-team.ts";

const USAGE = `Usage: npm run seed:demo -- [--email <existing user's email>] [--size <contacts, 1-${MAX_DEMO_SIZE}>] [--seed <number>]`;

type Out = { log: (line: string) => void; error: (line: string) => void };

/**
 * `npm run seed:demo`: a demo team, seeded as Watch Demo seeds one, for evaluators and
 * screenshots. With `--email`, the team is added to that existing person; without, a
 * new person is made whose email and password are printed. The analytics worker's step
 * runs once the seed is stored, so the figures are there before the server starts.
 * Answers the exit code: 2 for bad arguments, 1 for an unknown email.
 */
export async function runSeedDemo(db: Database, args: string[], out: Out): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: "string" }, size: { type: "string" }, seed: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const size = wholeNumber(values.size, DEFAULT_DEMO_SIZE);
  const seed = wholeNumber(values.seed, 1);
  if (size === null || size < 1 || size > MAX_DEMO_SIZE || seed === null) {
    out.error(`--size must be a whole number from 1 to ${MAX_DEMO_SIZE}, --seed a whole number.\n${USAGE}`);
    return 2;
  }
  let owner: { id: string; email: string; password?: string };
  if (values.email) {
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where(sql`lower(email)`, "=", values.email.toLowerCase())
      .executeTakeFirst();
    if (!user) {
      out.error(`No account uses ${values.email}.`);
      return 1;
    }
    owner = user;
  } else {
    owner = await createDemoOwner(db);
  }
  const started = Date.now();
  const { teamId } = await seedDemoTeam(db, { ownerId: owner.id, size, seed });
  for (let rolled = await rollQueuedEvents(db); rolled > 0; rolled = await rollQueuedEvents(db));
  out.log(`Demo team ${teamId} seeded with ${size} contacts in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  out.log(`Sign in at ${publicBaseUrl(null)}/login`);
  out.log(`  Email:    ${owner.email}`);
  if (owner.password) out.log(`  Password: ${owner.password}`);
  else out.log("  Password: the account's own; switch to the demo team from the team menu.");
  return 0;
}

function wholeNumber(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** A person to own the demo, on a reserved address, with a random password to print. */
async function createDemoOwner(db: Database): Promise<{ id: string; email: string; password: string }> {
  const id = newId();
  const email = `demo-${id.slice(-12)}@example.com`;
  const password = randomBytes(12).toString("base64url");
  await db
    .insertInto("users")
    .values({ id, email, name: "Demo Owner", passwordHash: await hashPassword(password) })
    .execute();
  return { id, email, password };
}
