import type {
  Comparison,
  EngagementCondition,
  EventCondition,
  FilterGroup,
  FilterNode,
  FilterWindow,
  LeafCondition,
} from "#shared/segments/filter/schema.ts";

/*
 * A filter tree in the product's words: one phrase per condition ("plan is
 * "pro"", "did "Order Completed" at least 3 times in the last 30 days"), for
 * the AI prompt's result, the builder's summary and the explanation sentence.
 * Pure: campaign and segment names come in with the tree, since it holds ids.
 */

/** Names of the campaigns and segments a tree may name by id. */
export type FilterNames = {
  campaigns?: ReadonlyMap<string, string>;
  segments?: ReadonlyMap<string, string>;
};

export type DescribedGroup = { combinator: "and" | "or"; items: DescribedItem[] };
export type DescribedItem = { kind: "condition"; text: string } | { kind: "group"; group: DescribedGroup };

/** The tree as nested lists of phrases, groups kept as groups. */
export function describeFilter(filter: FilterGroup, names: FilterNames = {}): DescribedGroup {
  return {
    combinator: filter.combinator,
    items: filter.conditions.map((node): DescribedItem =>
      node.type === "group"
        ? { kind: "group", group: describeFilter(node, names) }
        : { kind: "condition", text: describeCondition(node, names) },
    ),
  };
}

/** The whole tree as one sentence: "Contacts matching: plan is "pro" and (… or …)." */
export function summarizeFilter(filter: FilterGroup, names: FilterNames = {}): string {
  if (filter.conditions.length === 0) return "All contacts: no condition narrows them down.";
  return `Contacts matching: ${joinGroup(filter, names)}.`;
}

function joinGroup(group: FilterGroup, names: FilterNames): string {
  const parts = group.conditions.map((node: FilterNode) =>
    node.type === "group"
      ? node.conditions.length === 0
        ? "anything"
        : `(${joinGroup(node, names)})`
      : describeCondition(node, names),
  );
  return parts.join(group.combinator === "and" ? " and " : " or ");
}

const CHANNEL_LABELS = { email: "email", sms: "SMS", whatsapp: "WhatsApp" } as const;
const FIELD_LABELS = { name: "name", email: "email", phone: "phone" } as const;

/** One leaf condition as a phrase. */
export function describeCondition(node: LeafCondition, names: FilterNames = {}): string {
  switch (node.type) {
    case "field":
      if (node.field === "createdAt") return `created ${describeTime(node)}`;
      return describeComparison(FIELD_LABELS[node.field], node);
    case "attribute":
      return describeComparison(node.key, node);
    case "event":
      return describeEvent(node);
    case "engagement":
      return describeEngagement(node, names);
    case "subscription":
      return node.operator === "unsubscribed"
        ? `unsubscribed from ${CHANNEL_LABELS[node.channel]}`
        : `subscribed to ${CHANNEL_LABELS[node.channel]}`;
    case "segment": {
      const name = names.segments?.get(node.segmentId);
      const segment = name === undefined ? "a segment that no longer exists" : `segment ${quote(name)}`;
      return node.operator === "in" ? `in ${segment}` : `not in ${segment}`;
    }
  }
}

/** `subject` compared as the operator says: `plan is "pro"`, `mrr is more than 100`. */
export function describeComparison(subject: string, comparison: Comparison): string {
  const value = valueOf(comparison);
  switch (comparison.operator) {
    case "equals":
      return `${subject} is ${literal(value)}`;
    case "not_equals":
      return `${subject} is not ${literal(value)}`;
    case "contains":
      return `${subject} contains ${literal(value)}`;
    case "starts_with":
      return `${subject} starts with ${literal(value)}`;
    case "ends_with":
      return `${subject} ends with ${literal(value)}`;
    case "exists":
      return `${subject} is set`;
    case "not_exists":
      return `${subject} is not set`;
    case "greater_than":
      return `${subject} is more than ${literal(value)}`;
    case "less_than":
      return `${subject} is less than ${literal(value)}`;
    case "in_list":
      return `${subject} is one of ${(Array.isArray(value) ? value : [value]).map(literal).join(", ")}`;
    default:
      return `${subject} is ${describeTime(comparison)}`;
  }
}

// before / after / within the last N days, worded as the compiler reads them:
// a bare date is a whole day, a time is that instant.
function describeTime(comparison: Comparison): string {
  const value = valueOf(comparison);
  switch (comparison.operator) {
    case "before":
      return `before ${formatMoment(String(value))}`;
    case "after":
      return isDateOnly(String(value))
        ? `after ${formatMoment(String(value))}`
        : `since ${formatMoment(String(value))}`;
    case "within_last_days":
      return lastDays(Number(value));
    default:
      return `${comparison.operator} ${literal(value)}`;
  }
}

function describeEvent(node: EventCondition): string {
  const name = quote(node.event);
  const when = describeWindow(node.window);
  const where = node.properties.length
    ? ` where ${node.properties.map((p) => describeComparison(p.property, p)).join(" and ")}`
    : "";
  const tail = `${when ? ` ${when}` : ""}${where}`;
  const plainOnce = node.frequency === "at_least" && node.times === 1;
  if (node.operator === "not_performed" && plainOnce) return `never did ${name}${tail}`;
  const times = plainOnce ? "" : ` ${describeTimes(node.frequency, node.times)}`;
  return `${node.operator === "performed" ? "did" : "did not do"} ${name}${times}${tail}`;
}

function describeTimes(frequency: EventCondition["frequency"], times: number): string {
  const count = times === 1 ? "once" : times === 2 ? "twice" : `${times} times`;
  if (frequency === "exactly") return `exactly ${count}`;
  return frequency === "at_least" ? `at least ${count}` : `at most ${count}`;
}

function describeEngagement(node: EngagementCondition, names: FilterNames): string {
  const negative = node.operator.startsWith("not_");
  const action = node.operator.replace(/^not_/, "") as "received" | "opened" | "clicked";
  const verb = negative
    ? { received: "did not receive", opened: "did not open", clicked: "did not click" }[action]
    : action;
  let target = "any campaign";
  if (node.campaignId) {
    const name = names.campaigns?.get(node.campaignId);
    target = name === undefined ? "a campaign that no longer exists" : `campaign ${quote(name)}`;
  }
  const when = describeWindow(node.window);
  return `${verb} ${target}${when ? ` ${when}` : ""}`;
}

/** "in the last 30 days", "between 1 Mar 2026 and 31 Mar 2026", or "" for any time. */
export function describeWindow(window: FilterWindow): string {
  switch (window.type) {
    case "any_time":
      return "";
    case "last_days":
      return lastDays(window.days);
    case "between":
      return window.from === window.to
        ? `on ${formatMoment(window.from)}`
        : `between ${formatMoment(window.from)} and ${formatMoment(window.to)}`;
  }
}

function lastDays(days: number): string {
  return days === 1 ? "in the last day" : `in the last ${days} days`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isDateOnly = (value: string) => DATE_ONLY.test(value);

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:\d{2})$/;

/**
 * "1 Mar 2026" for a date or a UTC midnight, "1 Mar 2026 14:30 UTC" for another
 * time; a time given with an offset (a team's local midnight) keeps its own
 * clock: "1 Mar 2026 00:00 UTC+01:00".
 */
function formatMoment(value: string): string {
  const local = WITH_OFFSET.exec(value);
  if (local && local[3] !== "+00:00")
    return `${dayFormat.format(new Date(`${local[1]}T00:00:00Z`))} ${local[2]} UTC${local[3]}`;
  const date = new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const day = dayFormat.format(date);
  const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
  return isDateOnly(value) || midnight ? day : `${day} ${timeFormat.format(date)} UTC`;
}

function valueOf(comparison: Comparison): unknown {
  return "value" in comparison ? comparison.value : undefined;
}

function literal(value: unknown): string {
  return typeof value === "string" ? quote(value) : String(value);
}

function quote(text: string): string {
  return `"${text}"`;
}
