import { describe, expect, it } from "vitest";
import { readBuilderForm } from "#app/components/segments/filter-builder/read-form.ts";
import type { FormValue } from "#shared/form-tree.ts";
import { draftFromFilter, filterFromDraft } from "#server/segments/filter/form.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import {
  COMPARISON_OPERATORS,
  CONTACT_FIELDS,
  ENGAGEMENT_OPERATORS,
  EVENT_FREQUENCIES,
  FIELD_OPERATORS,
} from "#shared/segments/filter/schema.ts";

// The builder is the filter tree as plain form fields: a saved tree reopened in the
// builder and posted back unchanged must be the same tree, for every condition kind
// and every operator, three levels deep. The values are what a form can say (text).

const group = (conditions: unknown[], combinator = "and") => ({ type: "group", combinator, conditions });
const SEGMENT_ID = "0195f0a0-0000-7000-8000-000000000001";
const CAMPAIGN_ID = "0195f0a0-0000-7000-8000-000000000002";

function valueFor(operator: string): unknown {
  switch (operator) {
    case "exists":
    case "not_exists":
      return undefined;
    case "greater_than":
    case "less_than":
      return 42.5;
    case "within_last_days":
      return 30;
    case "before":
    case "after":
      return "2026-01-31";
    case "in_list":
      return ["pro", "team"];
    default:
      return "pro";
  }
}

const fields = CONTACT_FIELDS.flatMap((field) =>
  FIELD_OPERATORS[field].map((operator) => ({ type: "field", field, operator, value: valueFor(operator) })),
);
const attributes = COMPARISON_OPERATORS.map((operator) => ({
  type: "attribute",
  key: "plan",
  operator,
  value: valueFor(operator),
}));
const events = EVENT_FREQUENCIES.flatMap((frequency) => [
  {
    type: "event",
    operator: "performed",
    event: "Report Exported",
    frequency,
    times: 3,
    window: { type: "last_days", days: 30 },
    properties: [],
  },
  {
    type: "event",
    operator: "not_performed",
    event: "Checkout Completed",
    frequency,
    times: 0,
    window: { type: "between", from: "2026-01-01", to: "2026-01-31" },
    properties: COMPARISON_OPERATORS.map((operator) => ({ property: "amount", operator, value: valueFor(operator) })),
  },
]);
const engagement = ENGAGEMENT_OPERATORS.flatMap((operator) => [
  { type: "engagement", operator, campaignId: CAMPAIGN_ID, window: { type: "any_time" } },
  { type: "engagement", operator, campaignId: null, window: { type: "last_days", days: 14 } },
]);
const others = [
  { type: "subscription", operator: "unsubscribed", channel: "email" },
  { type: "subscription", operator: "subscribed", channel: "whatsapp" },
  { type: "segment", operator: "in", segmentId: SEGMENT_ID },
  { type: "segment", operator: "not_in", segmentId: SEGMENT_ID },
];

/** The form fields a browser posts for a draft, named the way the builder names them. */
function formFields(value: FormValue, name: string, into = new FormData()): FormData {
  if (typeof value === "string") into.append(name, value);
  else if (Array.isArray(value)) value.forEach((item, i) => formFields(item, `${name}[${i}]`, into));
  else for (const [key, item] of Object.entries(value)) formFields(item, `${name}.${key}`, into);
  return into;
}

describe("the filter builder's form", () => {
  it("reopens a saved tree and posts it back unchanged: every kind and operator, three levels deep", () => {
    const saved = parseFilter(
      group([...fields, group([...attributes, group([...events, ...engagement], "and")], "or"), ...others]),
    );
    const { draft } = readBuilderForm(formFields(draftFromFilter(saved), "filter"));
    expect(parseFilter(filterFromDraft(draft))).toEqual(saved);
  });

  it("reads numbers and lists from text only where the operator wants them, and leaves bad numbers for the schema to name", () => {
    const posted = formFields(
      {
        type: "group",
        combinator: "and",
        conditions: [
          { type: "attribute", key: "seats", operator: "greater_than", value: " 40 " },
          { type: "attribute", key: "country", operator: "in_list", value: "DE, FR\nGB" },
          { type: "attribute", key: "zip", operator: "equals", value: "02139" },
          {
            type: "event",
            operator: "performed",
            event: "X",
            frequency: "at_least",
            times: "many",
            window: { type: "any_time" },
          },
        ],
      },
      "filter",
    );
    const tree = filterFromDraft(readBuilderForm(posted).draft) as {
      conditions: { value?: unknown; times?: unknown }[];
    };
    expect(tree.conditions.map((c) => c.value ?? c.times)).toEqual([40, ["DE", "FR", "GB"], "02139", "many"]);
    expect(() => parseFilter(tree)).toThrow(/filter\.conditions\[3\]\.times/);
  });
});
