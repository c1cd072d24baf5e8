import { describe, expect, test } from "vitest";
import type { ReferencedSegment } from "#server/segments/filter/compile.ts";
import { parseSourceKey, sourceKey, windowSourcesOf } from "#server/journeys/engine/filter-window-sources.ts";
import { FilterSchema } from "#shared/segments/filter/schema.ts";

// Which way time moves each relative condition decides what the window sweep watches:
// only what can bring a contact in.

const tree = (...conditions: unknown[]) => FilterSchema.parse({ type: "group", combinator: "and", conditions });
const event = (
  operator: string,
  frequency: string,
  times: number,
  window: unknown = { type: "last_days", days: 7 },
) => ({
  type: "event",
  operator,
  event: "Login",
  frequency,
  times,
  window,
});
const sourcesOf = (filter: ReturnType<typeof tree>, segments = new Map<string, ReferencedSegment>()) =>
  windowSourcesOf(filter, segments).map(sourceKey);

describe("what time alone can bring a contact into", () => {
  test.each([
    ["not performed in the last 7 days", event("not_performed", "at_least", 1), ["event:7:Login"]],
    ["performed at most twice in the last 7 days", event("performed", "at_most", 2), ["event:7:Login"]],
    ["performed exactly 3 times (either way)", event("performed", "exactly", 3), ["event:7:Login"]],
    ["performed exactly 0 times", event("performed", "exactly", 0), ["event:7:Login"]],
    ["performed at least once: only drifts out", event("performed", "at_least", 1), []],
    ["not performed more than twice: only drifts out", event("not_performed", "at_most", 2), []],
    ["at least 0 times: always true", event("performed", "at_least", 0), []],
    [
      "a fixed range does not move",
      event("not_performed", "at_least", 1, { type: "between", from: "2026-01-01", to: "2026-02-01" }),
      [],
    ],
    [
      "not opened in the last 30 days",
      { type: "engagement", operator: "not_opened", window: { type: "last_days", days: 30 } },
      ["engagement:opened:30"],
    ],
    [
      "clicked in the last 30 days",
      { type: "engagement", operator: "clicked", window: { type: "last_days", days: 30 } },
      [],
    ],
    [
      "created within the last 3 days: only drifts out",
      { type: "field", field: "createdAt", operator: "within_last_days", value: 3 },
      [],
    ],
    [
      "a date attribute is not scheduled",
      { type: "attribute", key: "renews", operator: "within_last_days", value: 3 },
      [],
    ],
  ])("%s", (_name, condition, expected) => {
    expect(sourcesOf(tree(condition))).toEqual(expected);
  });

  test("`not in` a filter segment turns its conditions around, twice over back again, and a loop ends", () => {
    const recent = "00000000-0000-4000-8000-000000000001";
    const settled = "00000000-0000-4000-8000-000000000002";
    const segments = new Map<string, ReferencedSegment>([
      [
        recent,
        {
          kind: "filter",
          filter: tree(
            { type: "field", field: "createdAt", operator: "within_last_days", value: 3 },
            { type: "engagement", operator: "received", window: { type: "last_days", days: 14 } },
            { type: "segment", operator: "in", segmentId: recent },
          ),
        },
      ],
      [settled, { kind: "filter", filter: tree({ type: "segment", operator: "not_in", segmentId: recent }) }],
    ]);
    expect(sourcesOf(tree({ type: "segment", operator: "not_in", segmentId: recent }), segments)).toEqual([
      "created:3",
      "engagement:received:14",
    ]);
    expect(sourcesOf(tree({ type: "segment", operator: "not_in", segmentId: settled }), segments)).toEqual([]);
    expect(sourcesOf(tree({ type: "segment", operator: "in", segmentId: settled }), segments)).toEqual([
      "created:3",
      "engagement:received:14",
    ]);
  });

  test("a stored source name reads back as the same source, an event name with colons included", () => {
    for (const source of [
      { kind: "event" as const, event: "Checkout: Step 2", days: 7 },
      { kind: "engagement" as const, action: "clicked" as const, days: 30 },
      { kind: "created" as const, days: 3 },
    ])
      expect(parseSourceKey(sourceKey(source))).toEqual(source);
    expect(parseSourceKey("attribute:3:renews")).toBeUndefined();
  });
});
