import { describe, expect, test } from "vitest";
import {
  formatInTimeZone,
  fromZonedInputValue,
  isTimeZone,
  listTimeZones,
  toZonedInputValue,
} from "#shared/teams/time-zone.ts";

describe("team time zones", () => {
  test("a datetime-local value is read in the team's zone", () => {
    expect(fromZonedInputValue("2099-01-31T09:30", "Asia/Tokyo")?.toISOString()).toBe("2099-01-31T00:30:00.000Z");
    expect(fromZonedInputValue("2099-07-01T12:00", "America/New_York")?.toISOString()).toBe("2099-07-01T16:00:00.000Z");
    expect(fromZonedInputValue("2099-01-01T12:00", "America/New_York")?.toISOString()).toBe("2099-01-01T17:00:00.000Z");
    expect(fromZonedInputValue("2099-01-31T09:30", "UTC")?.toISOString()).toBe("2099-01-31T09:30:00.000Z");
  });

  test("around daylight-saving changes: a skipped time moves past the gap, a repeated one takes the first", () => {
    expect(fromZonedInputValue("2026-03-29T02:30", "Europe/Paris")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(fromZonedInputValue("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(fromZonedInputValue("2026-10-25T02:30", "Europe/Paris")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  test("impossible or malformed values are null", () => {
    expect(fromZonedInputValue("2099-02-30T12:00", "UTC")).toBeNull();
    expect(fromZonedInputValue("2099-01-31 09:30", "UTC")).toBeNull();
    expect(fromZonedInputValue("2099-01-31T24:00", "UTC")).toBeNull();
  });

  test("instants show back in the zone, with its name", () => {
    const instant = new Date("2099-01-31T00:30:00Z");
    expect(toZonedInputValue(instant, "Asia/Tokyo")).toBe("2099-01-31T09:30");
    expect(formatInTimeZone(instant, "Asia/Tokyo")).toBe("Jan 31, 2099, 9:30 AM Asia/Tokyo");
    expect(formatInTimeZone(instant, "UTC")).toBe("Jan 31, 2099, 12:30 AM UTC");
  });

  test("the list offers UTC first and real IANA zones; anything else is not a zone", () => {
    const zones = listTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Paris");
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
