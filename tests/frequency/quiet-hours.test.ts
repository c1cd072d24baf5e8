import { describe, expect, test } from "vitest";
import { quietHoursEnd } from "#server/frequency/quiet-hours.ts";

const at = (iso: string) => new Date(iso);
const end = (now: string, from: string, to: string, zone: string) =>
  quietHoursEnd(at(now), { from, to }, zone)?.toISOString() ?? null;

describe("quiet hours in a time zone", () => {
  test("across midnight: the evening side ends the next morning, the morning side the same morning, the day is free", () => {
    // Paris in winter is UTC+1: 21:00 to 09:00 local is 20:00Z to 08:00Z.
    expect(end("2026-01-15T21:30:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-01-16T08:00:00.000Z");
    expect(end("2026-01-15T20:00:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-01-16T08:00:00.000Z");
    expect(end("2026-01-15T07:59:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-01-15T08:00:00.000Z");
    expect(end("2026-01-15T08:00:00Z", "21:00", "09:00", "Europe/Paris")).toBeNull();
    expect(end("2026-01-15T19:59:00Z", "21:00", "09:00", "Europe/Paris")).toBeNull();
    expect(end("2026-01-15T12:00:00Z", "21:00", "09:00", "Europe/Paris")).toBeNull();
  });

  test("within one day: quiet from the start (included) to the end (excluded)", () => {
    // New York in January is UTC-5.
    expect(end("2026-01-15T17:00:00Z", "12:00", "14:00", "America/New_York")).toBe("2026-01-15T19:00:00.000Z");
    expect(end("2026-01-15T16:59:00Z", "12:00", "14:00", "America/New_York")).toBeNull();
    expect(end("2026-01-15T19:00:00Z", "12:00", "14:00", "America/New_York")).toBeNull();
  });

  test("the night clocks go forward ends at the local time, an hour earlier in UTC", () => {
    // Paris: 2026-03-29 02:00 CET becomes 03:00 CEST. 22:00 CET on the 28th is 21:00Z; 09:00 CEST is 07:00Z.
    expect(end("2026-03-28T21:00:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-03-29T07:00:00.000Z");
    // After the change the span starts at 21:00 CEST, 19:00Z.
    expect(end("2026-03-29T19:00:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-03-30T07:00:00.000Z");
    expect(end("2026-03-29T18:59:00Z", "21:00", "09:00", "Europe/Paris")).toBeNull();
    // An end the change skips (02:30 never shows) is the same reading after it: 03:30 CEST, 01:30Z.
    expect(end("2026-03-29T00:30:00Z", "00:00", "02:30", "Europe/Paris")).toBe("2026-03-29T01:30:00.000Z");
  });

  test("the night clocks go back ends at the local time, an hour later in UTC", () => {
    // Paris: 2026-10-25 03:00 CEST becomes 02:00 CET. 22:00 CEST on the 24th is 20:00Z; 09:00 CET is 08:00Z.
    expect(end("2026-10-24T20:00:00Z", "21:00", "09:00", "Europe/Paris")).toBe("2026-10-25T08:00:00.000Z");
    // New York: 2026-11-01 02:00 EDT becomes 01:00 EST; 21:00 EDT on Oct 31 is 01:00Z, 09:00 EST is 14:00Z.
    expect(end("2026-11-01T01:00:00Z", "21:00", "09:00", "America/New_York")).toBe("2026-11-01T14:00:00.000Z");
  });

  test("the same instant is quiet in one zone and not in another", () => {
    const now = "2026-01-15T21:30:00Z";
    expect(end(now, "21:00", "09:00", "Europe/Paris")).toBe("2026-01-16T08:00:00.000Z");
    // 16:30 in New York.
    expect(end(now, "21:00", "09:00", "America/New_York")).toBeNull();
    // 06:30 the next morning in Tokyo (UTC+9): quiet until 09:00 there, 00:00Z.
    expect(end(now, "21:00", "09:00", "Asia/Tokyo")).toBe("2026-01-16T00:00:00.000Z");
  });
});
