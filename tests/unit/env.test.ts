import { describe, expect, test } from "vitest";
import { parseEnv } from "../../server/env.ts";

describe("parseEnv", () => {
  test("fills in defaults for an empty environment", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: ".data",
      ROLE: "all",
      LOG_LEVEL: "info",
      SEND_RATE_EMAIL: 0,
      SEND_RATE_SMS: 0,
      SEND_RATE_WHATSAPP: 0,
      SEND_CONCURRENCY: 4,
      SEND_LEASE_SECONDS: 60,
    });
  });

  test("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "", ROLE: "" })).toEqual(parseEnv({}));
  });

  test("reads given values", () => {
    const env = parseEnv({ PORT: "8080", DATABASE_URL: "postgresql://u:p@db:5432/murmur", ROLE: "web" });

    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: "postgresql://u:p@db:5432/murmur", ROLE: "web" });
  });

  test("a bad PORT and a bad DATABASE_URL are both named in one message", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://localhost/murmur" })).toThrow(
      /the environment is not valid:[\s\S]*PORT: [\s\S]*DATABASE_URL: must be a postgres:\/\/ connection URL/,
    );
  });

  test("MAX_BODY_BYTES takes a whole number of bytes from 16 KB to 64 MB", () => {
    expect(parseEnv({ MAX_BODY_BYTES: "2097152" }).MAX_BODY_BYTES).toBe(2_097_152);
    expect(() => parseEnv({ MAX_BODY_BYTES: "1mb" })).toThrow(/MAX_BODY_BYTES/);
    expect(() => parseEnv({ MAX_BODY_BYTES: "1024" })).toThrow(/MAX_BODY_BYTES: must be at least 16384/);
    expect(() => parseEnv({ MAX_BODY_BYTES: "1000000000" })).toThrow(/MAX_BODY_BYTES: must be at most 67108864/);
  });

  test("a port out of range is refused", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
  });
});
