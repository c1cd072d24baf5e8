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
      SIGNUPS_PER_IP_PER_HOUR: 10,
      TWILIO_BASE_URL: "https://api.twilio.com",
      WHATSAPP_BASE_URL: "https://graph.facebook.com",
      ALLOW_PRIVATE_SMTP: false,
    });
  });

  test("provider API addresses and the private SMTP allowance are the operator's, checked at start-up", () => {
    expect(parseEnv({ TWILIO_BASE_URL: "http://127.0.0.1:4010/", WHATSAPP_BASE_URL: "https://graph.example/", ALLOW_PRIVATE_SMTP: "1" })).toMatchObject({
      TWILIO_BASE_URL: "http://127.0.0.1:4010",
      WHATSAPP_BASE_URL: "https://graph.example",
      ALLOW_PRIVATE_SMTP: true,
    });
    expect(() => parseEnv({ TWILIO_BASE_URL: "file:///etc/passwd", ALLOW_PRIVATE_SMTP: "yes" })).toThrow(
      /TWILIO_BASE_URL: must be an http:\/\/ or https:\/\/ URL[\s\S]*ALLOW_PRIVATE_SMTP: must be 1 \(allow\) or 0 \(refuse\)/,
    );
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
