import { z } from "zod";
import { type PropertyCondition, PropertyConditionSchema } from "#shared/segments/filter/schema.ts";

/** The window's default and bounds, in days after the message was received. */
export const DEFAULT_CONVERSION_DAYS = 5;
export const MAX_CONVERSION_DAYS = 90;
/** Property conditions of one goal, as many as a segment's event condition may hold in a row of the editor. */
export const MAX_GOAL_CONDITIONS = 20;

const propertyName = (what: string) =>
  z
    .string({ error: `${what} must be a text` })
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} must be at most 200 characters`);

const withinDays = z.coerce
  .number({ error: `Enter a whole number of days from 1 to ${MAX_CONVERSION_DAYS}` })
  .int(`Enter a whole number of days from 1 to ${MAX_CONVERSION_DAYS}`)
  .min(1, `Enter a whole number of days from 1 to ${MAX_CONVERSION_DAYS}`)
  .max(MAX_CONVERSION_DAYS, `Enter a whole number of days from 1 to ${MAX_CONVERSION_DAYS}`);

/**
 * A campaign's conversion goal, as the API takes it and the campaign stores it: the
 * event a recipient should perform, with property conditions in the same shape as a
 * filter segment's event condition (and compiled by the same compiler), within
 * `withinDays` of receiving the message, and optionally a numeric property summed as revenue.
 */
export const ConversionGoalSchema = z.object(
  {
    event: propertyName("The goal's event name"),
    properties: z
      .array(PropertyConditionSchema)
      .max(MAX_GOAL_CONDITIONS, `At most ${MAX_GOAL_CONDITIONS} property conditions`)
      .default([]),
    withinDays: withinDays.default(DEFAULT_CONVERSION_DAYS),
    revenueProperty: propertyName("The revenue property")
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: "conversionGoal must be an object with event, properties, withinDays and revenueProperty, or null" },
);
export type ConversionGoal = z.infer<typeof ConversionGoalSchema>;

/**
 * The operators the campaign editor offers for a goal's property, with how they read:
 * every one a filter segment's event property may use, so a goal set through the API
 * survives being saved from the editor.
 */
export const GOAL_FORM_OPERATORS = {
  equals: "equals",
  not_equals: "is not",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  greater_than: "greater than",
  less_than: "less than",
  before: "before (date)",
  after: "after (date)",
  within_last_days: "within the last days",
  in_list: "is one of (comma-separated)",
  exists: "is set",
  not_exists: "is not set",
} as const;
type GoalFormOperator = keyof typeof GOAL_FORM_OPERATORS;
const FORM_OPERATORS = Object.keys(GOAL_FORM_OPERATORS) as [GoalFormOperator, ...GoalFormOperator[]];

const formRow = z.object({
  property: z.string().trim().max(200, "The property name must be at most 200 characters").optional(),
  operator: z.enum(FORM_OPERATORS, { error: "Choose how the property is compared" }).default("equals"),
  value: z.string().trim().max(1000, "Values are at most 1,000 characters").optional(),
});

/**
 * The goal as the campaign editor posts it: plain text fields, so it works without
 * JavaScript. An empty event means no goal. Rows without a property are left out;
 * a row's problems are reported on that row's own field.
 */
export const ConversionGoalFormSchema = z
  .object({
    event: z.string().trim().max(200, "The goal's event name must be at most 200 characters").optional(),
    withinDays: z.string().trim().optional(),
    revenueProperty: z.string().trim().max(200, "The revenue property must be at most 200 characters").optional(),
    properties: z
      .array(formRow)
      .max(MAX_GOAL_CONDITIONS, `At most ${MAX_GOAL_CONDITIONS} property conditions`)
      .default([]),
  })
  .optional()
  .superRefine((goal, context) => {
    if (!goal?.event) return;
    if (goal.withinDays && !withinDays.safeParse(goal.withinDays).success) {
      context.addIssue({
        code: "custom",
        path: ["withinDays"],
        message: `Enter a whole number of days from 1 to ${MAX_CONVERSION_DAYS}`,
      });
    }
    goal.properties.forEach((row, index) => {
      if (!row.property) return;
      const needsValue = row.operator !== "exists" && row.operator !== "not_exists";
      if (needsValue && !row.value) {
        context.addIssue({
          code: "custom",
          path: ["properties", index, "value"],
          message: "Enter a value to compare with",
        });
        return;
      }
      // The same schema as the API's and filter segments': its message lands on the row's value.
      const parsed = PropertyConditionSchema.safeParse(formCondition(row.property, row.operator, row.value ?? ""));
      if (!parsed.success)
        context.addIssue({
          code: "custom",
          path: ["properties", index, "value"],
          message: parsed.error.issues[0]!.message,
        });
    });
  })
  .transform((goal): ConversionGoal | null => {
    if (!goal?.event) return null;
    return {
      event: goal.event,
      withinDays: goal.withinDays ? Number(goal.withinDays) : DEFAULT_CONVERSION_DAYS,
      revenueProperty: goal.revenueProperty || null,
      properties: goal.properties
        .filter((row) => row.property)
        .map((row) => formCondition(row.property!, row.operator, row.value ?? "")),
    };
  });

/**
 * A row's text as the condition it means; numbers and lists are read from the text, and checked by the schema after.
 */
function formCondition(property: string, operator: GoalFormOperator, value: string): PropertyCondition {
  switch (operator) {
    case "exists":
    case "not_exists":
      return { property, operator };
    case "greater_than":
    case "less_than":
    case "within_last_days":
      return { property, operator, value: value.trim() === "" ? Number.NaN : Number(value) } as PropertyCondition;
    case "in_list":
      return {
        property,
        operator,
        value: value
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item !== ""),
      };
    default:
      return { property, operator, value };
  }
}

/** A stored goal as the editor's text fields show it, with one empty row to add a condition. */
export function goalFormDefaults(goal: ConversionGoal | null) {
  const rows = (goal?.properties ?? [])
    .filter((p) => p.operator in GOAL_FORM_OPERATORS)
    .map((p) => ({
      property: p.property,
      operator: p.operator,
      value: "value" in p ? (Array.isArray(p.value) ? p.value.join(", ") : String(p.value)) : "",
    }));
  return {
    event: goal?.event ?? "",
    withinDays: String(goal?.withinDays ?? DEFAULT_CONVERSION_DAYS),
    revenueProperty: goal?.revenueProperty ?? "",
    properties: [...rows, { property: "", operator: "equals", value: "" }],
  };
}
