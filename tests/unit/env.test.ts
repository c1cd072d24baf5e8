import { describe, expect, test } from "vitest";
import { parseEnv, readLogLevel } from "#server/env.ts";

describe("parseEnv", () => {
  test("fills in defaults for an empty environment", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: ".data",
      ROLE: "all",
      WEB_CONCURRENCY: 1,
      TRUST_PROXY: 0,
      LOG_LEVEL: "info",
      SEND_RATE_EMAIL: 0,
      SEND_RATE_SMS: 0,
      SEND_RATE_WHATSAPP: 0,
      SEND_CONCURRENCY: 4,
      SEND_LEASE_SECONDS: 60,
      SEGMENT_COUNT_MAX_AGE_SECONDS: 600,
      SIGNUPS_PER_IP_PER_HOUR: 10,
      TWILIO_BASE_URL: "https://api.twilio.com",
      WHATSAPP_BASE_URL: "https://graph.facebook.com",
      ENGAGEMENT_RETENTION_DAYS: 730,
      OUTBOX_RETENTION_DAYS: 90,
      EVENT_DEDUP_DAYS: 30,
      JOB_HISTORY_DAYS: 7,
      ALLOW_PRIVATE_SMTP: false,
    });
  });

  test("provider API addresses and the private SMTP allowance are the operator's, checked at start-up", () => {
    expect(
      parseEnv({
        TWILIO_BASE_URL: "http://127.0.0.1:4010/",
        WHATSAPP_BASE_URL: "https://graph.example/",
        ALLOW_PRIVATE_SMTP: "1",
      }),
    ).toMatchObject({
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

  test("SEGMENT_COUNT_MAX_AGE_SECONDS takes 10 seconds to a week", () => {
    expect(parseEnv({ SEGMENT_COUNT_MAX_AGE_SECONDS: "120" }).SEGMENT_COUNT_MAX_AGE_SECONDS).toBe(120);
    expect(() => parseEnv({ SEGMENT_COUNT_MAX_AGE_SECONDS: "5" })).toThrow(/SEGMENT_COUNT_MAX_AGE_SECONDS/);
    expect(() => parseEnv({ SEGMENT_COUNT_MAX_AGE_SECONDS: "ten minutes" })).toThrow(/SEGMENT_COUNT_MAX_AGE_SECONDS/);
    expect(() => parseEnv({ SEGMENT_COUNT_MAX_AGE_SECONDS: "604801" })).toThrow(/SEGMENT_COUNT_MAX_AGE_SECONDS/);
  });

  test("retention days take a whole number, 0 keeping forever; anything else is named", () => {
    expect(parseEnv({ OUTBOX_RETENTION_DAYS: "0", JOB_HISTORY_DAYS: "14" })).toMatchObject({
      OUTBOX_RETENTION_DAYS: 0,
      JOB_HISTORY_DAYS: 14,
    });
    expect(() => parseEnv({ ENGAGEMENT_RETENTION_DAYS: "two years" })).toThrow(
      /ENGAGEMENT_RETENTION_DAYS: must be a whole number of days, 0 to keep forever/,
    );
    expect(() => parseEnv({ EVENT_DEDUP_DAYS: "-1" })).toThrow(/EVENT_DEDUP_DAYS: must be a whole number of days/);
    expect(() => parseEnv({ JOB_HISTORY_DAYS: "1.5" })).toThrow(/JOB_HISTORY_DAYS/);
  });

  test("a port out of range is refused", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  test("WEB_CONCURRENCY takes 1 to 64 processes; unset, one process serves", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    for (const garbage of ["abc", "0", "65", "2.5", "-1"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: garbage }), garbage).toThrow(
        /the environment is not valid:\n {2}WEB_CONCURRENCY: must be a whole number of processes from 1 to 64/,
      );
    }
  });

  test("TRUST_PROXY takes a whole number of hops, 0 when unset", () => {
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    for (const garbage of ["yes", "true", "-1", "1.5"]) {
      expect(() => parseEnv({ TRUST_PROXY: garbage }), garbage).toThrow(
        /TRUST_PROXY: must be a whole number of proxy hops, 0 or more/,
      );
    }
  });

  test("garbage in WEB_CONCURRENCY and TRUST_PROXY is named beside the other problems", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "many", TRUST_PROXY: "all", PORT: "eighty" })).toThrow(
      /PORT: [\s\S]*WEB_CONCURRENCY: must be[\s\S]*TRUST_PROXY: must be/,
    );
  });

  test("LOG_LEVEL for the logger is checked by the same schema", () => {
    expect(readLogLevel({ LOG_LEVEL: "warn" })).toBe("warn");
    expect(readLogLevel({})).toBe("info");
    expect(readLogLevel({ NODE_ENV: "test", LOG_LEVEL: "" })).toBe("silent");
    expect(() => readLogLevel({ LOG_LEVEL: "loud" })).toThrow(/the environment is not valid:\n {2}LOG_LEVEL: /);
  });
});
