import { randomBytes } from "node:crypto";
import type { Database } from "#db/database.ts";
import { open, seal, UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { getSecretKey } from "#server/secrets/secret-key.ts";

/** Bound into the sealed value, so a value sealed for anything else does not open as the tracking key. */
const SEAL_CONTEXT = "tracking-key:1";
const KEY_BYTES = 32;

/**
 * The key that signs tracking tokens. TRACKING_SECRET when the operator sets one;
 * otherwise a random 32-byte key generated once and kept in the database, sealed
 * with the server's secret key, so every web and worker container signs and checks
 * with the same key and a restart keeps links in sent messages working, with
 * nothing to configure on a laptop or in tests.
 */
let cached: Promise<Buffer> | undefined;

export function getTrackingKey(db: Database): Promise<Buffer> {
  const fromEnv = process.env.TRACKING_SECRET;
  if (fromEnv) return Promise.resolve(Buffer.from(fromEnv, "utf8"));
  cached ??= getSecretKey()
    .then((secretKey) => loadStoredTrackingKey(db, secretKey))
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}

/**
 * Reads the stored tracking key, creating it on first use, and seals a key that an
 * earlier version stored in plain text. What each process does once (getTrackingKey
 * remembers the result). Safe when several processes start at once: the first
 * insert wins, and sealing happens under a row lock, once. Throws an error naming
 * the fix when the sealed key cannot be opened with `secretKey`.
 */
export async function loadStoredTrackingKey(db: Database, secretKey: Buffer): Promise<Buffer> {
  await db
    .insertInto("trackingKeys")
    .values({ id: 1, sealedSecret: seal(secretKey, randomBytes(KEY_BYTES).toString("base64"), SEAL_CONTEXT) })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const row = await db.selectFrom("trackingKeys").select("sealedSecret").where("id", "=", 1).executeTakeFirstOrThrow();
  if (row.sealedSecret) return openTrackingKey(secretKey, row.sealedSecret);
  return sealPlainTrackingKey(db, secretKey);
}

async function sealPlainTrackingKey(db: Database, secretKey: Buffer): Promise<Buffer> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("trackingKeys")
      .select(["secret", "sealedSecret"])
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Another process sealed it while this one waited for the lock.
    if (row.sealedSecret) return openTrackingKey(secretKey, row.sealedSecret);
    const key = row.secret!;
    await trx
      .updateTable("trackingKeys")
      .set({ secret: null, sealedSecret: seal(secretKey, key.toString("base64"), SEAL_CONTEXT) })
      .where("id", "=", 1)
      .execute();
    return key;
  });
}

function openTrackingKey(secretKey: Buffer, sealed: string): Buffer {
  try {
    return Buffer.from(open(secretKey, sealed, SEAL_CONTEXT), "base64");
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    throw new Error(
      "The tracking key stored in the database cannot be decrypted with this server's secret key. " +
        "Every process on this database needs the same MURMUR_SECRET_KEY (or the same DATA_DIR/secret-key file) " +
        "as the one that stored it; restore that key, or set TRACKING_SECRET (links in mail already sent then stop working).",
      { cause: error },
    );
  }
}

/** Forgets the cached key (tests that switch databases or secrets). */
export function forgetTrackingKey(): void {
  cached = undefined;
}
