import { describe, expect, test } from "vitest";
import { describeCountAge } from "#app/lib/count-age.ts";

const at = new Date("2026-11-24T12:00:00Z");
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe("describeCountAge", () => {
  test("says how long ago a count was taken, in the largest whole unit", () => {
    expect(describeCountAge(at, later(0))).toBe("just now");
    expect(describeCountAge(at, later(59))).toBe("just now");
    expect(describeCountAge(at, later(60))).toBe("1 min ago");
    expect(describeCountAge(at, later(2 * 60 + 30))).toBe("2 min ago");
    expect(describeCountAge(at, later(3 * 3600 + 59 * 60))).toBe("3 h ago");
    expect(describeCountAge(at, later(24 * 3600))).toBe("1 day ago");
    expect(describeCountAge(at, later(5 * 24 * 3600))).toBe("5 days ago");
  });

  test("a count stamped a little ahead of this server's clock is 'just now', never negative", () => {
    expect(describeCountAge(later(30), at)).toBe("just now");
  });
});
