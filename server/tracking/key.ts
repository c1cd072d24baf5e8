import { randomBytes } from "node:crypto";
import type { Database } from "../../db/database.ts";

/**
 * The key that signs tracking tokens. TRACKING_SECRET when the operator sets one;
 * otherwise a random 32-byte key generated once and kept in the database, so every
 * web and worker container signs and checks with the same key and a restart keeps
 * links in sent messages working, with nothing to configure on a laptop or in tests.
 */
let cached: Promise<Buffer> | undefined;

export function getTrackingKey(db: Database): Promise<Buffer> {
  const fromEnv = process.env.TRACKING_SECRET;
  if (fromEnv) return Promise.resolve(Buffer.from(fromEnv, "utf8"));
  cached ??= loadStoredKey(db).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadStoredKey(db: Database): Promise<Buffer> {
  // Two processes starting at once both try to insert; the first wins and both read it.
  await db
    .insertInto("trackingKeys")
    .values({ id: 1, secret: randomBytes(32) })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const row = await db.selectFrom("trackingKeys").select("secret").where("id", "=", 1).executeTakeFirstOrThrow();
  return row.secret;
}

/** Forgets the cached key (tests that switch databases or secrets). */
export function forgetTrackingKey(): void {
  cached = undefined;
}

