import {
  type CHANNELS,
  FILTER_MAX_CONDITIONS,
  type FilterNode,
  type FilterWindow,
  type PropertyCondition,
} from "#shared/segments/filter/schema.ts";
import type { Count } from "./counts.ts";
import { type Clock, dayStart, dayWindow, today } from "./clock.ts";
import { addDays, type TimeSpec } from "./time.ts";

/*
 * What a clause was understood to say, before it becomes schema nodes: kept
 * loose so that "country in UK" and a following "or France" can merge into one
 * list, and negation ("not", "never", "didn't") can be applied last, where the
 * schema allows it. Anything the schema cannot say comes back as a problem in
 * plain words, never as a different filter.
 */

export type Channel = (typeof CHANNELS)[number];
export type Scalar = string | number | boolean;
export type CompareOp =
  "eq" | "gt" | "gte" | "lt" | "lte" | "between" | "contains" | "starts" | "ends" | "exists" | "missing";

export type CompareTarget =
  | { type: "attribute"; key: string }
  | { type: "field"; field: "name" | "email" | "phone" }
  | { type: "property"; key: string };

export type CompareDraft = {
  kind: "compare";
  target: CompareTarget;
  op: CompareOp;
  values: Scalar[];
  /** A date attribute compared with a time ("renews in the next ...", "trial ends before June"). */
  time?: TimeSpec;
  negated: boolean;
  at: number;
};

export type Draft =
  | CompareDraft
  | { kind: "created"; time: TimeSpec; negated: boolean; at: number }
  /** Any event of the team's (negated: none) in the window: "active", "inactive", "dormant". */
  | { kind: "activity"; events: string[]; time: TimeSpec; negated: boolean; at: number }
  | {
      kind: "event";
      event: string;
      count?: Count;
      time?: TimeSpec;
      properties: CompareDraft[];
      negated: boolean;
      at: number;
    }
  | {
      kind: "engagement";
      actions: ("received" | "opened" | "clicked")[];
      campaignId: string | null;
      /** "Any SMS": the campaigns sent on one channel, each of which counts. */
      campaignIds?: string[];
      time?: TimeSpec;
      negated: boolean;
      at: number;
      /** Its campaign was "it" or "that one": the campaign of the engagement said just before. */
      sameCampaign?: boolean;
    }
  | { kind: "subscription"; channels: Channel[]; subscribed: boolean; negated: boolean; at: number }
  | { kind: "reachable"; channel: Channel; negated: boolean; at: number }
  | { kind: "segment"; segmentId: string; negated: boolean; at: number };

export type Built = { node?: FilterNode; problem?: string };

const and = (...conditions: FilterNode[]): FilterNode => ({ type: "group", combinator: "and", conditions });
const or = (...conditions: FilterNode[]): FilterNode => ({ type: "group", combinator: "or", conditions });

/** The schema node(s) of a draft, or what about it cannot be expressed. */
export function buildDraft(draft: Draft, clock: Clock): Built {
  switch (draft.kind) {
    case "compare":
      return buildCompare(draft, clock);
    case "created":
      return buildCreated(draft.time, draft.negated, clock);
    case "activity": {
      const window = toWindow(draft.time, clock);
      const nodes = draft.events.map((event): FilterNode => ({
        type: "event",
        operator: draft.negated ? "not_performed" : "performed",
        event,
        frequency: "at_least",
        times: 1,
        window,
        properties: [],
      }));
      return { node: groupsOf(nodes, draft.negated ? "and" : "or") };
    }
    case "event": {
      const properties: PropertyCondition[] = [];
      for (const p of draft.properties) {
        const built = propertyConditions(p, clock);
        if ("problem" in built) return { problem: built.problem };
        properties.push(...built.conditions);
      }
      const count = draft.count ?? { frequency: "at_least", times: 1 };
      return {
        node: {
          type: "event",
          operator: draft.negated ? "not_performed" : "performed",
          event: draft.event,
          frequency: count.frequency,
          times: count.times,
          window: toWindow(draft.time, clock),
          properties,
        },
      };
    }
    case "engagement": {
      const campaigns = draft.campaignIds ?? [draft.campaignId];
      const nodes = draft.actions.flatMap((action) =>
        campaigns.map((campaignId): FilterNode => ({
          type: "engagement",
          operator: draft.negated ? (`not_${action}` as const) : action,
          campaignId,
          window: toWindow(draft.time, clock),
        })),
      );
      return { node: nodes.length === 1 ? nodes[0] : groupsOf(nodes, draft.negated ? "and" : "or") };
    }
    case "subscription": {
      // "Not unsubscribed" is read as subscribed; bounced and complained addresses are neither.
      const subscribed = draft.negated ? !draft.subscribed : draft.subscribed;
      const nodes = draft.channels.map((channel): FilterNode => ({
        type: "subscription",
        operator: subscribed ? "subscribed" : "unsubscribed",
        channel,
      }));
      return { node: nodes.length === 1 ? nodes[0] : subscribed ? and(...nodes) : or(...nodes) };
    }
    case "reachable": {
      if (draft.negated)
        return { problem: 'who cannot be reached on a channel: say instead "unsubscribed from …" or "has no phone"' };
      const address: FilterNode =
        draft.channel === "email"
          ? { type: "field", field: "email", operator: "contains", value: "@" }
          : { type: "field", field: "phone", operator: "exists" };
      return { node: and(address, { type: "subscription", operator: "subscribed", channel: draft.channel }) };
    }
    case "segment":
      return { node: { type: "segment", operator: draft.negated ? "not_in" : "in", segmentId: draft.segmentId } };
  }
}

/** Conditions joined in groups the schema allows (at most FILTER_MAX_CONDITIONS each). */
function groupsOf(nodes: FilterNode[], combinator: "and" | "or"): FilterNode {
  if (nodes.length <= FILTER_MAX_CONDITIONS) return { type: "group", combinator, conditions: nodes };
  const chunks: FilterNode[] = [];
  for (let i = 0; i < nodes.length; i += FILTER_MAX_CONDITIONS)
    chunks.push({ type: "group", combinator, conditions: nodes.slice(i, i + FILTER_MAX_CONDITIONS) });
  return groupsOf(chunks, combinator);
}

/**
 * A rolling window stays rolling; a range of the team's days becomes `between`
 * (an open start is the beginning of time, an open end today).
 */
export function toWindow(time: TimeSpec | undefined, clock: Clock): FilterWindow {
  if (!time) return { type: "any_time" };
  if (time.type === "last_days") return { type: "last_days", days: time.days };
  return dayWindow(time.from ?? "1970-01-01", time.to ?? today(clock), clock);
}

function buildCreated(time: TimeSpec, negated: boolean, clock: Clock): Built {
  const created = (operator: "before" | "after", day: string): FilterNode => ({
    type: "field",
    field: "createdAt",
    operator,
    value: dayStart(day, clock),
  });
  if (time.type === "last_days") {
    if (!negated)
      return { node: { type: "field", field: "createdAt", operator: "within_last_days", value: time.days } };
    return {
      node: {
        type: "field",
        field: "createdAt",
        operator: "before",
        value: new Date(clock.now.getTime() - time.days * 86_400_000).toISOString(),
      },
    };
  }
  const parts: FilterNode[] = [];
  if (negated) {
    if (time.from) parts.push(created("before", time.from));
    if (time.to) parts.push(created("after", addDays(time.to, 1)));
    return { node: parts.length === 1 ? parts[0] : or(...parts) };
  }
  if (time.from) parts.push(created("after", time.from));
  if (time.to) parts.push(created("before", addDays(time.to, 1)));
  return { node: parts.length === 1 ? parts[0] : and(...parts) };
}

type Leaf = { operator: string; value?: unknown };

/**
 * One comparison as schema comparisons: a list of alternatives (any of which
 * matches) of lists of comparisons (all of which must), so "at least 100" is
 * "more than 100 or equal to 100" and a negated list is "not this and not that".
 */
function comparisons(draft: CompareDraft, clock: Clock): Leaf[][] | { problem: string } {
  const { op, values, negated } = draft;
  const [a, b] = values;
  const text = (v: Scalar) => (typeof v === "string" ? v : String(v));
  if (draft.time) return timeComparisons(draft.time, negated, clock);
  switch (op) {
    case "eq":
      if (values.length > 1) {
        if (negated) return [values.map((v) => ({ operator: "not_equals", value: v }))];
        if (values.every((v) => typeof v === "string")) return [[{ operator: "in_list", value: values }]];
        return values.map((v) => [{ operator: "equals", value: v }]);
      }
      return [[{ operator: negated ? "not_equals" : "equals", value: a }]];
    case "gt":
      return negated
        ? [[{ operator: "less_than", value: a }], [{ operator: "equals", value: a }]]
        : [[{ operator: "greater_than", value: a }]];
    case "gte":
      return negated
        ? [[{ operator: "less_than", value: a }]]
        : [[{ operator: "greater_than", value: a }], [{ operator: "equals", value: a }]];
    case "lt":
      return negated
        ? [[{ operator: "greater_than", value: a }], [{ operator: "equals", value: a }]]
        : [[{ operator: "less_than", value: a }]];
    case "lte":
      return negated
        ? [[{ operator: "greater_than", value: a }]]
        : [[{ operator: "less_than", value: a }], [{ operator: "equals", value: a }]];
    case "between":
      if (negated) return [[{ operator: "less_than", value: a }], [{ operator: "greater_than", value: b }]];
      return [
        [
          { operator: "greater_than", value: a },
          { operator: "less_than", value: b },
        ],
        [{ operator: "equals", value: a }],
        [{ operator: "equals", value: b }],
      ];
    case "contains":
      if (negated) return { problem: `does not contain "${text(a!)}": there is no "does not contain" condition` };
      return [[{ operator: "contains", value: text(a!) }]];
    case "starts":
      if (negated) return { problem: `does not start with "${text(a!)}": there is no "does not start with" condition` };
      return [[{ operator: "starts_with", value: text(a!) }]];
    case "ends":
      if (negated) return { problem: `does not end with "${text(a!)}": there is no "does not end with" condition` };
      return [[{ operator: "ends_with", value: text(a!) }]];
    case "exists":
      return [[{ operator: negated ? "not_exists" : "exists" }]];
    case "missing":
      return [[{ operator: negated ? "exists" : "not_exists" }]];
  }
}

function timeComparisons(time: TimeSpec, negated: boolean, clock: Clock): Leaf[][] | { problem: string } {
  if (negated) return { problem: "a date that is not in a period: say the period it is in instead" };
  if (time.type === "last_days") return [[{ operator: "within_last_days", value: time.days }]];
  const all: Leaf[] = [];
  if (time.from) all.push({ operator: "after", value: dayStart(time.from, clock) });
  if (time.to) all.push({ operator: "before", value: dayStart(addDays(time.to, 1), clock) });
  return [all];
}

function buildCompare(draft: CompareDraft, clock: Clock): Built {
  const alternatives = comparisons(draft, clock);
  if ("problem" in alternatives) return { problem: alternatives.problem };
  const leaf = (c: Leaf): FilterNode | undefined => {
    if (draft.target.type === "attribute") return { type: "attribute", key: draft.target.key, ...c } as FilterNode;
    if (draft.target.type === "field") {
      // An email address is never "not set" in a useful way; "has an email" is an address with an @.
      if (draft.target.field === "email" && c.operator === "exists")
        return { type: "field", field: "email", operator: "contains", value: "@" };
      if (draft.target.field === "email" && c.operator === "not_exists") return undefined;
      return { type: "field", field: draft.target.field, ...c } as FilterNode;
    }
    return undefined;
  };
  const groups: FilterNode[] = [];
  for (const all of alternatives) {
    const nodes = all.map(leaf);
    if (nodes.some((n) => n === undefined))
      return { problem: "contacts without an email address: every condition on email needs one" };
    groups.push(nodes.length === 1 ? nodes[0]! : and(...(nodes as FilterNode[])));
  }
  return { node: groups.length === 1 ? groups[0] : or(...groups) };
}

// Property conditions of one event are all required of the same event, so an
// "either" cannot be said there; "at least 100" becomes "more than 99.999999".
const EPSILON = 0.000001;

function propertyConditions(
  draft: CompareDraft,
  clock: Clock,
): { conditions: PropertyCondition[] } | { problem: string } {
  const key = draft.target.type === "property" ? draft.target.key : "";
  const as = (leaves: Leaf[]) => leaves.map((c) => ({ property: key, ...c }) as PropertyCondition);
  const [a, b] = draft.values as number[];
  if (!draft.negated && draft.op === "gte")
    return { conditions: as([{ operator: "greater_than", value: a! - EPSILON }]) };
  if (!draft.negated && draft.op === "lte") return { conditions: as([{ operator: "less_than", value: a! + EPSILON }]) };
  if (!draft.negated && draft.op === "between") {
    return {
      conditions: as([
        { operator: "greater_than", value: a! - EPSILON },
        { operator: "less_than", value: b! + EPSILON },
      ]),
    };
  }
  const alternatives = comparisons(draft, clock);
  if ("problem" in alternatives) return { problem: alternatives.problem };
  if (alternatives.length !== 1)
    return { problem: `"${key}" with either of two conditions: an event's properties can only all be required` };
  return { conditions: as(alternatives[0]!) };
}
