import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

export const SECRET_KEY_BYTES = 32;
const KEY_FILE = "secret-key";

/** The 32 bytes of a base64 (or base64url) key, or null when it is anything else. */
export function decodeSecretKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, trimmed.includes("-") || trimmed.includes("_") ? "base64url" : "base64");
  return key.length === SECRET_KEY_BYTES ? key : null;
}

/** Where the key came from: the environment, or a file under DATA_DIR (`generated` when this process wrote it). */
export type SecretKeyOrigin = { source: "environment" } | { source: "data-dir"; file: string; generated: boolean };
type LoadedKey = { key: Buffer; origin: SecretKeyOrigin };

let cached: Promise<LoadedKey> | undefined;

/**
 * The key that encrypts channel secrets at rest: MURMUR_SECRET_KEY when set (every
 * process sharing a database must then have the same one); otherwise a random key
 * generated once into DATA_DIR/secret-key, which suits one machine (a laptop, the
 * tests, one container with its data volume). The key never goes into the database
 * it protects, so a dump of the database alone reveals no secret.
 */
export async function getSecretKey(env: Record<string, string | undefined> = process.env): Promise<Buffer> {
  return (await loadCached(env)).key;
}

/**
 * Loads the key at start-up and returns what the operator must be told, or null.
 * A key generated under DATA_DIR while DATABASE_URL points at a shared database is
 * a trap: each container makes its own, and secrets saved through one cannot be read
 * by the others, nor by the container that replaces it.
 */
export async function secretKeyWarning(env: Record<string, string | undefined> = process.env): Promise<string | null> {
  const { origin } = await loadCached(env);
  if (origin.source !== "data-dir" || !origin.generated || !env.DATABASE_URL) return null;
  return (
    `MURMUR_SECRET_KEY is not set, so a new key for channel secrets was generated in ${origin.file}. ` +
    "With DATABASE_URL, every container on this database must share one key: set MURMUR_SECRET_KEY " +
    "(openssl rand -base64 32) on all of them, or provider secrets saved in Settings → Channels cannot be read " +
    "by other containers or after this one is replaced."
  );
}

function loadCached(env: Record<string, string | undefined>): Promise<LoadedKey> {
  cached ??= loadSecretKey(env).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the cached key (tests that switch keys). */
export function forgetSecretKey(): void {
  cached = undefined;
}

async function loadSecretKey(env: Record<string, string | undefined>): Promise<LoadedKey> {
  if (env.MURMUR_SECRET_KEY) {
    const key = decodeSecretKey(env.MURMUR_SECRET_KEY);
    if (!key) throw new Error("MURMUR_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32).");
    return { key, origin: { source: "environment" } };
  }
  const file = path.join(env.DATA_DIR || ".data", KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, origin: { source: "data-dir", file, generated: false } };
  return createKeyFile(file);
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const key = decodeSecretKey(text);
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key; restore it or set MURMUR_SECRET_KEY.`);
  return key;
}

/**
 * Writes a new key beside the target and hard-links it into place: link() fails when
 * the file exists, so processes starting together all end up with the first one's
 * key, and none ever reads a half-written file.
 */
async function createKeyFile(file: string): Promise<LoadedKey> {
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(draft, `${randomBytes(SECRET_KEY_BYTES).toString("base64")}\n`, { mode: 0o600 });
  let generated = true;
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    generated = false;
  } finally {
    await unlink(draft);
  }
  const key = await readKeyFile(file);
  if (!key) throw new Error(`${file} could not be created.`);
  return { key, origin: { source: "data-dir", file, generated } };
}
