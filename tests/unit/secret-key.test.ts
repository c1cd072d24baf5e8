import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { open, seal, UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { decodeSecretKey, forgetSecretKey, getSecretKey, secretKeyWarning } from "#server/secrets/secret-key.ts";
import { parseEnv } from "#server/env.ts";

afterEach(() => forgetSecretKey());

describe("the secret key", () => {
  test("MURMUR_SECRET_KEY is used as given when it is 32 bytes of base64", async () => {
    const key = randomBytes(32);
    expect(await getSecretKey({ MURMUR_SECRET_KEY: key.toString("base64") })).toEqual(key);
    expect(decodeSecretKey(key.toString("base64url"))).toEqual(key);
  });

  test("a MURMUR_SECRET_KEY of another length stops the start with its name", () => {
    expect(decodeSecretKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(() => parseEnv({ MURMUR_SECRET_KEY: "not a key" })).toThrow(/MURMUR_SECRET_KEY: must be 32 bytes in base64/);
  });

  test("without it, one key is generated under DATA_DIR, readable by its owner only, and kept across restarts", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "murmur-key-"));
    try {
      // Processes starting together agree on one key.
      const keys = await Promise.all(
        Array.from({ length: 5 }, async () => {
          forgetSecretKey();
          return getSecretKey({ DATA_DIR: dir });
        }),
      );
      expect(new Set(keys.map((k) => k.toString("hex"))).size).toBe(1);
      const file = path.join(dir, "secret-key");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      forgetSecretKey();
      expect(await getSecretKey({ DATA_DIR: dir })).toEqual(keys[0]);
      expect(decodeSecretKey(await readFile(file, "utf8"))).toEqual(keys[0]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a key generated under DATA_DIR while DATABASE_URL is set is warned about at start-up", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "murmur-key-"));
    const shared = { DATA_DIR: dir, DATABASE_URL: "postgres://murmur@db.internal/murmur" };
    try {
      const warning = await secretKeyWarning(shared);
      expect(warning).toContain(`a new key for channel secrets was generated in ${path.join(dir, "secret-key")}`);
      expect(warning).toContain("set MURMUR_SECRET_KEY (openssl rand -base64 32) on all of them");
      // The next start finds its key again: nothing new to warn about.
      forgetSecretKey();
      expect(await secretKeyWarning(shared)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    forgetSecretKey();
    const laptop = await mkdtemp(path.join(tmpdir(), "murmur-key-"));
    try {
      expect(await secretKeyWarning({ DATA_DIR: laptop })).toBeNull();
    } finally {
      await rm(laptop, { recursive: true, force: true });
    }
    forgetSecretKey();
    expect(await secretKeyWarning({ ...shared, MURMUR_SECRET_KEY: randomBytes(32).toString("base64") })).toBeNull();
  });

  test("a damaged key file is refused rather than replaced", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "murmur-key-"));
    try {
      await writeFile(path.join(dir, "secret-key"), "garbage\n");
      await expect(getSecretKey({ DATA_DIR: dir })).rejects.toThrow(/does not hold a 32-byte base64 key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("sealed secrets", () => {
  const key = randomBytes(32);

  test("open with the same key and context, and do not show the secret", () => {
    const sealed = seal(key, "twilio-auth-token-123", "team-a");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("twilio-auth-token-123");
    expect(open(key, sealed, "team-a")).toBe("twilio-auth-token-123");
    expect(seal(key, "same", "team-a")).not.toBe(seal(key, "same", "team-a"));
  });

  test("refuse another key, another context, and any tampering", () => {
    const sealed = seal(key, "secret", "team-a");
    expect(() => open(randomBytes(32), sealed, "team-a")).toThrow(UnreadableSecretError);
    expect(() => open(key, sealed, "team-b")).toThrow(UnreadableSecretError);
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0]! ^= 1;
    expect(() => open(key, [version, iv, tag, flipped.toString("base64url")].join("."), "team-a")).toThrow(
      UnreadableSecretError,
    );
    expect(() => open(key, [version, iv, tag!.slice(0, 8), body].join("."), "team-a")).toThrow(UnreadableSecretError);
  });
});
