import { describe, expect, it } from "vitest";
import { isAppError } from "#server/errors.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import type { FilterNode } from "#shared/segments/filter/schema.ts";

const group = (conditions: unknown[], combinator = "and") => ({ type: "group", combinator, conditions });

function refusal(input: unknown): { message: string; fields: Record<string, string[]> } {
  try {
    parseFilter(input);
  } catch (error) {
    if (isAppError(error)) return { message: error.message, fields: error.fields ?? {} };
    throw error;
  }
  throw new Error("the filter was accepted");
}

describe("filter schema", () => {
  it("accepts every condition kind, nested three levels, and fills event and engagement defaults", () => {
    const tree = parseFilter(
      group([
        { type: "field", field: "email", operator: "contains", value: "@acme.io" },
        { type: "attribute", key: "plan", operator: "equals", value: "pro" },
        group(
          [
            { type: "event", operator: "performed", event: "Report Exported" },
            { type: "engagement", operator: "not_clicked", window: { type: "last_days", days: 14 } },
            group([
              { type: "subscription", operator: "unsubscribed", channel: "sms" },
              { type: "segment", operator: "not_in", segmentId: "0195f0a0-0000-7000-8000-000000000001" },
              { type: "attribute", key: "seats", operator: "in_list", value: [1, "2"] },
            ]),
          ],
          "or",
        ),
      ]),
    );
    const inner = tree.conditions[2] as Extract<FilterNode, { type: "group" }>;
    expect(inner.conditions[0]).toEqual({
      type: "event",
      operator: "performed",
      event: "Report Exported",
      frequency: "at_least",
      times: 1,
      window: { type: "any_time" },
      properties: [],
    });
    expect(inner.conditions[1]).toMatchObject({ campaignId: null, window: { type: "last_days", days: 14 } });
  });

  it("names an unknown operator by its path", () => {
    const { message, fields } = refusal(
      group([
        { type: "field", field: "name", operator: "exists" },
        group([group([]), group([{ type: "attribute", key: "plan", operator: "is" }])]),
      ]),
    );
    expect(Object.keys(fields)).toEqual(["filter.conditions[1].conditions[1].conditions[0].operator"]);
    expect(message).toContain('filter.conditions[1].conditions[1].conditions[0].operator: Unknown operator "is"');
  });

  it("names a value of the wrong type, and an operator that does not fit the field", () => {
    const { fields } = refusal(
      group([
        { type: "attribute", key: "seats", operator: "greater_than", value: "3" },
        { type: "field", field: "createdAt", operator: "contains", value: "2024" },
        { type: "event", operator: "performed", event: "Signed Up", window: { type: "last_days", days: "7" } },
      ]),
    );
    expect(fields).toEqual({
      "filter.conditions[0].value": ["Expected a number"],
      "filter.conditions[1].operator": [
        "'contains' does not apply to createdAt; use one of before, after, within_last_days",
      ],
      "filter.conditions[2].window.days": ["Expected a whole number of days"],
    });
  });

  it("refuses a group nested deeper than five levels, at the group that is too deep", () => {
    let tree = group([]);
    for (let level = 0; level < 5; level++) tree = group([tree]);
    const { fields } = refusal(tree);
    expect(fields).toEqual({
      "filter.conditions[0].conditions[0].conditions[0].conditions[0].conditions[0]": [
        "Groups nest at most 5 levels deep",
      ],
    });
    let fits = group([]);
    for (let level = 0; level < 4; level++) fits = group([fits]);
    expect(() => parseFilter(fits)).not.toThrow();
  });

  it("refuses an unknown condition kind and a bad combinator", () => {
    const { fields } = refusal(group([{ type: "tag" }], "xor"));
    expect(Object.keys(fields).sort()).toEqual(["filter.combinator", "filter.conditions[0].type"]);
  });
});
