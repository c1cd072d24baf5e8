import { describe, expect, test } from "vitest";
import { formatBucket } from "#app/components/analytics/format.ts";
import { localDate } from "#server/analytics/period.ts";
import { formatInTimeZone } from "#shared/teams/time-zone.ts";

// The formats are now made once and kept per zone: a kept format must never leak one
// zone's clock into another's label.
describe("dates written with kept formats", () => {
  test("a chart's hour is written in the zone asked for, each time, whatever zone came before", () => {
    const hour = "2026-11-24T14:00:00Z";
    expect(formatBucket(hour, "Europe/Paris")).toBe("Nov 24, 15:00");
    expect(formatBucket(hour, "Asia/Kolkata")).toBe("Nov 24, 19:30");
    expect(formatBucket(hour, "America/Los_Angeles")).toBe("Nov 24, 06:00");
    expect(formatBucket(hour, "Europe/Paris")).toBe("Nov 24, 15:00");
    expect(formatBucket("2026-11-24", "Pacific/Kiritimati")).toBe("Nov 24");
  });

  test("a chart's day is written as Intl writes it in en-US, for every day of a leap year", () => {
    const format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    for (let day = 0; day < 366; day++) {
      const at = new Date(Date.UTC(2028, 0, 1 + day, 12));
      expect(formatBucket(at.toISOString().slice(0, 10), "Asia/Tokyo")).toBe(format.format(at));
    }
  });

  test("today's date is the team's local date, written YYYY-MM-DD", () => {
    const at = new Date("2026-11-24T23:30:00Z");
    expect(localDate(at, "UTC")).toBe("2026-11-24");
    expect(localDate(at, "Pacific/Kiritimati")).toBe("2026-11-25");
    expect(localDate(at, "America/Los_Angeles")).toBe("2026-11-24");
  });

  test("a time with its zone names the zone and shows its clock", () => {
    const at = new Date("2030-01-31T08:00:00Z");
    expect(formatInTimeZone(at, "Europe/Paris")).toBe("Jan 31, 2030, 9:00 AM Europe/Paris");
    expect(formatInTimeZone(at, "Asia/Tokyo")).toBe("Jan 31, 2030, 5:00 PM Asia/Tokyo");
  });

  test("an unknown zone is still refused, as the Intl constructor refuses it", () => {
    expect(() => formatBucket("2026-11-24T14:00:00Z", "Mars/Olympus")).toThrow(RangeError);
  });
});
