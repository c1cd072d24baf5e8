import { describe, expect, test } from "vitest";
import { nextTimeOfDay, zoneFor } from "#server/journeys/engine/wait-until.ts";

describe("wait until a time of day", () => {
  test("today's time when it is still ahead, else tomorrow's, in the zone's wall clock", () => {
    // 08:00 in Paris (UTC+1 in winter).
    const now = new Date("2026-01-15T07:00:00Z");
    expect(nextTimeOfDay(now, "09:00", "Europe/Paris").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(nextTimeOfDay(now, "07:30", "Europe/Paris").toISOString()).toBe("2026-01-16T06:30:00.000Z");
    // Exactly now is not ahead: the next day's.
    expect(nextTimeOfDay(now, "08:00", "Europe/Paris").toISOString()).toBe("2026-01-16T07:00:00.000Z");
  });

  test("across daylight-saving changes 09:00 stays 09:00 on the wall clock; a skipped reading comes after the change", () => {
    // Saturday 28 March 2026, 12:00 in Paris; clocks go forward that night (02:00 → 03:00).
    const beforeSpring = new Date("2026-03-28T11:00:00Z");
    expect(nextTimeOfDay(beforeSpring, "09:00", "Europe/Paris").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(nextTimeOfDay(beforeSpring, "02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // Saturday 24 October 2026 in New York is before the change of 1 November; Saturday 31 October, 20:00 EDT.
    const beforeAutumn = new Date("2026-11-01T00:00:00Z");
    expect(nextTimeOfDay(beforeAutumn, "09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
  });

  test("the contact's zone from an attribute when it names a real zone, else the team's", () => {
    expect(zoneFor({ tz: "Asia/Tokyo" }, "tz", "Europe/Paris")).toBe("Asia/Tokyo");
    expect(zoneFor({ tz: "Mars/Olympus" }, "tz", "Europe/Paris")).toBe("Europe/Paris");
    expect(zoneFor({ tz: "" }, "tz", "Europe/Paris")).toBe("Europe/Paris");
    expect(zoneFor({}, null, "Europe/Paris")).toBe("Europe/Paris");
  });
});
