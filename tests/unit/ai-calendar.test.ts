import { describe, expect, it } from "vitest";
import { interpretWithBuiltIn } from "#server/ai/builtin/interpreter.ts";
import { teamClock } from "#server/ai/builtin/clock.ts";
import type { Vocabulary } from "#server/ai/types.ts";

// Calendar words read against a fixed clock, on every day of a week and at
// the turn of a year, so the corpus (which runs on the real date) cannot pass
// on one weekday and fail on another.

const vocabulary: Vocabulary = {
  attributes: [],
  events: [{ name: "Logged In", properties: [] }],
  campaigns: [],
  segments: [],
  emailDomains: [],
};
const windowOf = (prompt: string, now: string) => {
  const [condition] = interpretWithBuiltIn(prompt, vocabulary, teamClock(new Date(now))).filter.conditions;
  return condition && "window" in condition ? condition.window : undefined;
};

describe("calendar words in the built-in interpreter", () => {
  it("'since Monday' is the latest Monday, whichever day it is (chrono may name the coming one)", () => {
    for (const day of ["16", "17", "18", "19", "20", "21", "22"]) {
      expect({ day, window: windowOf("logged in since Monday", `2026-11-${day}T15:00:00Z`) }).toEqual({
        day,
        window: { type: "between", from: "2026-11-16", to: `2026-11-${day}` },
      });
    }
    expect(windowOf("logged in since Monday", "2026-11-23T15:00:00Z")).toEqual({
      type: "between",
      from: "2026-11-23",
      to: "2026-11-23",
    });
  });

  it("a quarter is the latest one that has begun; 'last month' in January is December", () => {
    expect(windowOf("logged in in Q3", "2026-11-24T10:00:00Z")).toEqual({
      type: "between",
      from: "2026-07-01",
      to: "2026-09-30",
    });
    expect(windowOf("logged in in Q3", "2026-02-10T10:00:00Z")).toEqual({
      type: "between",
      from: "2025-07-01",
      to: "2025-09-30",
    });
    expect(windowOf("logged in in Q4", "2026-11-24T10:00:00Z")).toEqual({
      type: "between",
      from: "2026-10-01",
      to: "2026-11-24",
    });
    expect(windowOf("logged in last month", "2026-01-15T10:00:00Z")).toEqual({
      type: "between",
      from: "2025-12-01",
      to: "2025-12-31",
    });
    expect(windowOf("logged in over the past fortnight", "2026-01-15T10:00:00Z")).toEqual({
      type: "last_days",
      days: 14,
    });
  });
});
