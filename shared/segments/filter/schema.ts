import { z } from "zod";

/*
 * The filter tree of a filter segment: one schema for what the builder posts,
 * what the API accepts, what the AI interpreter produces and what is stored in
 * segments.filter. The compiler (compile.ts) turns a parsed tree into SQL.
 *
 * A tree is a group: { type: "group", combinator: "and" | "or", conditions }.
 * Each condition is a group again or one of the leaf kinds below, told apart
 * by `type`; within a kind, `operator` says what is compared and decides the
 * shape of `value`. See docs/decisions/011-filter-segments.md.
 */

/** Groups nest at most this many levels, the root group being level 1. */
export const FILTER_MAX_DEPTH = 5;
/** Conditions (groups included) in one group. */
export const FILTER_MAX_CONDITIONS = 50;
/** Values in one `in_list` condition. */
export const FILTER_MAX_LIST = 1000;

export const CONTACT_FIELDS = ["name", "email", "phone", "createdAt"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const COMPARISON_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "starts_with",
  "ends_with",
  "exists",
  "not_exists",
  "greater_than",
  "less_than",
  "before",
  "after",
  "within_last_days",
  "in_list",
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

/** What each contact field can be compared with: its text, or (created at) its time. */
export const FIELD_OPERATORS: Record<ContactField, readonly ComparisonOperator[]> = {
  name: ["equals", "not_equals", "contains", "starts_with", "ends_with", "exists", "not_exists", "in_list"],
  email: ["equals", "not_equals", "contains", "starts_with", "ends_with", "exists", "not_exists", "in_list"],
  phone: ["equals", "not_equals", "contains", "starts_with", "ends_with", "exists", "not_exists", "in_list"],
  createdAt: ["before", "after", "within_last_days"],
};

export const EVENT_FREQUENCIES = ["at_least", "at_most", "exactly"] as const;
export const ENGAGEMENT_OPERATORS = [
  "received",
  "not_received",
  "opened",
  "not_opened",
  "clicked",
  "not_clicked",
] as const;
export const CHANNELS = ["email", "sms", "whatsapp"] as const;

const MAX_DAYS = 36_500;
const MAX_TIMES = 1_000_000;

const name = (what: string) =>
  z
    .string({ error: `Expected the ${what} as text` })
    .trim()
    .min(1, `The ${what} is required`)
    .max(200, `The ${what} must be at most 200 characters`);

const dateValue = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: "Expected a date such as 2026-01-31 or 2026-01-31T09:00:00Z",
});
const days = z
  .int({ error: "Expected a whole number of days" })
  .min(1, "Expected at least 1 day")
  .max(MAX_DAYS, `Expected at most ${MAX_DAYS} days`);
const scalar = z.union(
  [z.string().min(1, "Enter a value").max(1000, "Values are at most 1,000 characters"), z.number(), z.boolean()],
  {
    error: "Expected text, a number or true/false",
  },
);
const text = z
  .string({ error: "Expected text" })
  .min(1, "Enter a value")
  .max(1000, "Values are at most 1,000 characters");
const number = z.number({ error: "Expected a number" });

// One object per operator, so a value of the wrong type is reported on `value`
// and an unknown operator on `operator`.
const comparisons = [
  z.object({ operator: z.literal("equals"), value: scalar }),
  z.object({ operator: z.literal("not_equals"), value: scalar }),
  z.object({ operator: z.literal("contains"), value: text }),
  z.object({ operator: z.literal("starts_with"), value: text }),
  z.object({ operator: z.literal("ends_with"), value: text }),
  z.object({ operator: z.literal("exists") }),
  z.object({ operator: z.literal("not_exists") }),
  z.object({ operator: z.literal("greater_than"), value: number }),
  z.object({ operator: z.literal("less_than"), value: number }),
  z.object({ operator: z.literal("before"), value: dateValue }),
  z.object({ operator: z.literal("after"), value: dateValue }),
  z.object({ operator: z.literal("within_last_days"), value: days }),
  z.object({
    operator: z.literal("in_list"),
    value: z
      .array(z.union([z.string().max(1000), z.number()], { error: "Expected text or numbers" }), {
        error: "Expected a list of values",
      })
      .min(1, "Enter at least one value")
      .max(FILTER_MAX_LIST, `At most ${FILTER_MAX_LIST} values`),
  }),
] as const;

function comparisonOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const [a, b, c, d, e, f, g, h, i, j, k, l, m] = comparisons;
  return z.discriminatedUnion("operator", [
    a.extend(shape),
    b.extend(shape),
    c.extend(shape),
    d.extend(shape),
    e.extend(shape),
    f.extend(shape),
    g.extend(shape),
    h.extend(shape),
    i.extend(shape),
    j.extend(shape),
    k.extend(shape),
    l.extend(shape),
    m.extend(shape),
  ]);
}

/** The contact's own fields: name, email, phone (text) and created at (a time). */
export const FieldConditionSchema = comparisonOf({
  type: z.literal("field"),
  field: z.enum(CONTACT_FIELDS, { error: `Expected one of ${CONTACT_FIELDS.join(", ")}` }),
}).superRefine((condition, ctx) => {
  if (!FIELD_OPERATORS[condition.field].includes(condition.operator)) {
    ctx.addIssue({
      code: "custom",
      path: ["operator"],
      message: `'${condition.operator}' does not apply to ${condition.field}; use one of ${FIELD_OPERATORS[condition.field].join(", ")}`,
    });
  }
});

/** A custom attribute of the contact (contacts.attributes, from imports and identify traits). */
export const AttributeConditionSchema = comparisonOf({ type: z.literal("attribute"), key: name("attribute key") });

/** A condition on one property of the events counted by an event condition. */
export const PropertyConditionSchema = comparisonOf({ property: name("property name") });

/** When something happened: any time, the last N days up to now, or between two dates (inclusive). */
export const WindowSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("any_time") }),
  z.object({ type: z.literal("last_days"), days }),
  z.object({ type: z.literal("between"), from: dateValue, to: dateValue }),
]);

/**
 * Did (or did not) perform an event a number of times in a window, counting only
 * events whose properties all match. `not_performed` is the complement of the
 * same count: "not performed at least 3 times" includes people who never did it.
 */
export const EventConditionSchema = z.object({
  type: z.literal("event"),
  operator: z.enum(["performed", "not_performed"]),
  event: name("event name"),
  frequency: z.enum(EVENT_FREQUENCIES).default("at_least"),
  times: z
    .int({ error: "Expected a whole number of times" })
    .min(0, "Expected 0 or more times")
    .max(MAX_TIMES)
    .default(1),
  window: WindowSchema.default({ type: "any_time" }),
  properties: z.array(PropertyConditionSchema).max(FILTER_MAX_CONDITIONS).default([]),
});

/** Received, opened or clicked one campaign (campaignId) or any campaign (null), within a window. */
export const EngagementConditionSchema = z.object({
  type: z.literal("engagement"),
  operator: z.enum(ENGAGEMENT_OPERATORS),
  campaignId: z.uuid("Expected a campaign id").nullable().default(null),
  window: WindowSchema.default({ type: "any_time" }),
});

/** The contact's subscription on a channel, as of now. */
export const SubscriptionConditionSchema = z.object({
  type: z.literal("subscription"),
  operator: z.enum(["unsubscribed", "subscribed"]),
  channel: z.enum(CHANNELS),
});

/** Member (or not) of another segment of the same team, evaluated as that segment is now. */
export const MembershipConditionSchema = z.object({
  type: z.literal("segment"),
  operator: z.enum(["in", "not_in"]),
  segmentId: z.uuid("Expected a segment id"),
});

/** Every kind of condition that is not a group: the stored schema and the model's answer schema both list these. */
export const leafConditions = [
  FieldConditionSchema,
  AttributeConditionSchema,
  EventConditionSchema,
  EngagementConditionSchema,
  SubscriptionConditionSchema,
  MembershipConditionSchema,
] as const;

export type FieldCondition = z.infer<typeof FieldConditionSchema>;
export type AttributeCondition = z.infer<typeof AttributeConditionSchema>;
export type PropertyCondition = z.infer<typeof PropertyConditionSchema>;
/** An operator with its value, whatever is compared (field, attribute or property). */
export type Comparison = PropertyCondition extends infer C ? (C extends unknown ? Omit<C, "property"> : never) : never;
export type FilterWindow = z.infer<typeof WindowSchema>;
export type EventCondition = z.infer<typeof EventConditionSchema>;
export type EngagementCondition = z.infer<typeof EngagementConditionSchema>;
export type SubscriptionCondition = z.infer<typeof SubscriptionConditionSchema>;
export type MembershipCondition = z.infer<typeof MembershipConditionSchema>;
export type LeafCondition =
  | FieldCondition
  | AttributeCondition
  | EventCondition
  | EngagementCondition
  | SubscriptionCondition
  | MembershipCondition;
export type FilterGroup = { type: "group"; combinator: "and" | "or"; conditions: FilterNode[] };
export type FilterNode = LeafCondition | FilterGroup;

// Built level by level rather than recursively, so depth is part of the schema:
// a group one level too deep fails on its own path with a message saying why,
// and the JSON Schema (for a model's structured output) is finite.
function groupAt(level: number): z.ZodType<FilterGroup> {
  const nested =
    level < FILTER_MAX_DEPTH
      ? groupAt(level + 1)
      : z.object({ type: z.literal("group") }).superRefine((_group, ctx) => {
          ctx.addIssue({ code: "custom", message: `Groups nest at most ${FILTER_MAX_DEPTH} levels deep` });
        });
  return z.object({
    type: z.literal("group"),
    combinator: z.enum(["and", "or"], { error: "Expected 'and' or 'or'" }),
    conditions: z
      .array(z.discriminatedUnion("type", [...leafConditions, nested as z.ZodObject<{ type: z.ZodLiteral<"group"> }>]))
      .max(FILTER_MAX_CONDITIONS, `At most ${FILTER_MAX_CONDITIONS} conditions in a group`),
  }) as unknown as z.ZodType<FilterGroup>;
}

/** A whole filter tree. An empty group places no condition (everyone matches). */
export const FilterSchema = groupAt(1);

/** The tree of a segment that has no conditions yet: everyone. */
export const EMPTY_FILTER: FilterGroup = { type: "group", combinator: "and", conditions: [] };

/** `["conditions", 2, "operator"]` → `conditions[2].operator`, the way a client names the bad node. */
export function formatFilterPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}
