import {
  CHANNELS,
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  CONTACT_FIELDS,
  type ContactField,
  ENGAGEMENT_OPERATORS,
  EVENT_FREQUENCIES,
  FIELD_OPERATORS,
} from "#shared/segments/filter/schema.ts";
import { asNode, asText, type DraftNode } from "./draft.ts";

// What the builder's menus say, in the product's words. Option values are the
// filter tree's own, so the form's fields are the tree.

export type Option = { value: string; label: string };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

export const KIND_OPTIONS = options(["attribute", "field", "event", "engagement", "subscription", "segment"] as const, {
  attribute: "Attribute",
  field: "Contact field",
  event: "Event",
  engagement: "Engagement",
  subscription: "Subscription",
  segment: "Segment",
});

export const FIELD_OPTIONS = options(CONTACT_FIELDS, {
  name: "Name",
  email: "Email",
  phone: "Phone",
  createdAt: "Created at",
});

const COMPARISON_LABELS: Record<ComparisonOperator, string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  exists: "is set",
  not_exists: "is not set",
  greater_than: "is greater than",
  less_than: "is less than",
  before: "is before",
  after: "is after",
  within_last_days: "is within the last (days)",
  in_list: "is one of",
};

export function comparisonOptions(field?: string): Option[] {
  const allowed = field && field in FIELD_OPERATORS ? FIELD_OPERATORS[field as ContactField] : COMPARISON_OPERATORS;
  return options(allowed, COMPARISON_LABELS);
}

/** Which input an operator's value needs. */
export type ValueInput = "none" | "text" | "number" | "days" | "date" | "list";

export function valueInputFor(operator: string): ValueInput {
  switch (operator) {
    case "exists":
    case "not_exists":
      return "none";
    case "greater_than":
    case "less_than":
      return "number";
    case "within_last_days":
      return "days";
    case "before":
    case "after":
      return "date";
    case "in_list":
      return "list";
    default:
      return "text";
  }
}

export const EVENT_OPERATOR_OPTIONS = options(["performed", "not_performed"] as const, {
  performed: "performed",
  not_performed: "did not perform",
});
export const FREQUENCY_OPTIONS = options(EVENT_FREQUENCIES, {
  at_least: "at least",
  at_most: "at most",
  exactly: "exactly",
});
export const WINDOW_OPTIONS = options(["any_time", "last_days", "between"] as const, {
  any_time: "at any time",
  last_days: "in the last (days)",
  between: "between dates",
});
export const ENGAGEMENT_OPTIONS = options(ENGAGEMENT_OPERATORS, {
  received: "received",
  not_received: "did not receive",
  opened: "opened",
  not_opened: "did not open",
  clicked: "clicked",
  not_clicked: "did not click",
});
export const SUBSCRIPTION_OPTIONS = options(["unsubscribed", "subscribed"] as const, {
  unsubscribed: "is unsubscribed from",
  subscribed: "is subscribed to",
});
export const CHANNEL_OPTIONS = options(CHANNELS, { email: "Email", sms: "SMS", whatsapp: "WhatsApp" });
export const MEMBERSHIP_OPTIONS = options(["in", "not_in"] as const, { in: "is in", not_in: "is not in" });
export const COMBINATOR_OPTIONS = options(["and", "or"] as const, { and: "all of", or: "any of" });

const OPERATORS_BY_KIND: Record<string, () => Option[]> = {
  event: () => EVENT_OPERATOR_OPTIONS,
  engagement: () => ENGAGEMENT_OPTIONS,
  subscription: () => SUBSCRIPTION_OPTIONS,
  segment: () => MEMBERSHIP_OPTIONS,
};

/**
 * A draft node whose operator fits its kind (and field): after the kind or the
 * field changes, the old operator is replaced by the new kind's first one, so
 * the form shows, and posts, what it means.
 */
export function operatorOptionsFor(node: DraftNode): Option[] {
  const kind = asText(node.type);
  if (kind === "field") return comparisonOptions(asText(node.field) || "name");
  return OPERATORS_BY_KIND[kind]?.() ?? comparisonOptions();
}

export function fittingOperator(node: DraftNode): string {
  const choices = operatorOptionsFor(node);
  const current = asText(node.operator);
  return choices.some((choice) => choice.value === current) ? current : choices[0]!.value;
}

/** The same for every node of a draft, groups and event properties included. */
export function normalizeDraft(node: DraftNode): DraftNode {
  if (asText(node.type) === "group") {
    const conditions = Array.isArray(node.conditions)
      ? node.conditions.map((child) => normalizeDraft(asNode(child)))
      : [];
    return { ...node, combinator: asText(node.combinator) === "or" ? "or" : "and", conditions };
  }
  const out: DraftNode = {
    ...node,
    type: KIND_OPTIONS.some((o) => o.value === node.type) ? asText(node.type) : "attribute",
  };
  out.operator = fittingOperator(out);
  if (Array.isArray(node.properties)) {
    out.properties = node.properties.map((p) => {
      const property = asNode(p);
      const operator = asText(property.operator);
      return {
        ...property,
        operator: (COMPARISON_OPERATORS as readonly string[]).includes(operator) ? operator : "equals",
      };
    });
  }
  return out;
}
