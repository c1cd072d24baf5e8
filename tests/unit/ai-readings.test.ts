import { describe, expect, it } from "vitest";
import { interpretWithBuiltIn } from "#server/ai/builtin/interpreter.ts";
import { teamClock } from "#server/ai/builtin/clock.ts";
import type { Vocabulary } from "#server/ai/types.ts";

// The built-in interpreter never picks one of two readings in silence: a word
// that is both an activity word and a value of the team's own attribute is read
// one way, said to be ambiguous, and the other reading is offered with its filter.

const vocabulary: Vocabulary = {
  attributes: [{ key: "status", kind: "text", values: ["active", "churned"] }],
  events: [{ name: "Logged In", properties: [] }],
  campaigns: [],
  segments: [],
  emailDomains: [],
};
const clock = teamClock(new Date("2026-11-24T12:00:00Z"));

describe("'active users' for a team with a status attribute", () => {
  it("reads the activity meaning, says 'active' reads two ways, and offers the attribute", () => {
    const answer = interpretWithBuiltIn("active users", vocabulary, clock);
    expect(answer.filter.conditions).toEqual([
      {
        type: "event",
        operator: "performed",
        event: "Logged In",
        frequency: "at_least",
        times: 1,
        window: { type: "last_days", days: 30 },
        properties: [],
      },
    ]);
    expect(answer.unsupported.join(" ")).toContain(
      '"active" can mean any event in the last 30 days or the attribute "status"',
    );
    const other = answer.choices!.find((c) => c.label.includes('the attribute "status"'))!;
    expect(other.filter.conditions).toEqual([
      { type: "attribute", key: "status", operator: "equals", value: "active" },
    ]);
    expect(interpretWithBuiltIn("active users", vocabulary, clock, other.readings).filter).toEqual(other.filter);
  });

  it("without such an attribute, reads 'active' one way and says what it took it to mean", () => {
    const answer = interpretWithBuiltIn("active users", { ...vocabulary, attributes: [] }, clock);
    expect(answer.unsupported).toEqual([]);
    expect(answer.choices).toEqual([]);
    expect(answer.explanation).toContain('Read "active" as any event of any kind in the last 30 days');
  });
});
