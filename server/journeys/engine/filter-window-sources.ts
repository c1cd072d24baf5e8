import type { ReferencedSegment } from "#server/segments/filter/compile.ts";
import type { EventCondition, FilterGroup, FilterNode } from "#shared/segments/filter/schema.ts";

/**
 * Rows whose time, N days on, can bring a contact into a filter segment with no
 * write at all: an event leaving "the last N days", an engagement leaving them, or
 * the contact's own creation date leaving "created within the last N days".
 */
export type WindowSource =
  | { kind: "event"; event: string; days: number }
  | { kind: "engagement"; action: "received" | "opened" | "clicked"; days: number }
  | { kind: "created"; days: number };

/** Which way time passing moves a condition, all writes aside. */
type Drift = "none" | "in" | "out" | "both";

/**
 * The sources whose rows, as they age out of a window, can make a contact start
 * to match `filter` (the root of a segment, and the filter segments it names,
 * followed through `in` and, turned around, `not in`).
 *
 * Every relative condition of the tree is a window ending now, and time only
 * moves things out of it: an event, an open or a creation date that was within
 * the last N days stops being so N days after it happened. So a condition that
 * is true while something is inside the window ("performed at least once in the
 * last 7 days", "opened in the last 30 days", "created within the last 14 days")
 * only ever drifts out, and nobody needs watching for it; one that is true while
 * something is absent ("not performed", "performed at most 2 times", "not
 * opened") drifts in, at the moment the row leaves, and that moment is what the
 * sweep watches. `exactly N` can go either way. A group (and, or) keeps the
 * direction of its parts; `not in segment` reverses it.
 *
 * Left out, so no schedule is made for them: a date attribute "within the last N
 * days" (its moment lives in contacts.attributes, which no index orders by time)
 * and an event property compared "within the last N days" (it changes which
 * events count, not when they leave). Those still enter on the next write of
 * the contact.
 */
export function windowSourcesOf(filter: FilterGroup, segments: ReadonlyMap<string, ReferencedSegment>): WindowSource[] {
  const found = new Map<string, WindowSource>();
  const add = (source: WindowSource) => found.set(sourceKey(source), source);
  const visit = (node: FilterNode, reversed: boolean, path: Set<string>) => {
    const drawsIn = (drift: Drift) => drift === "both" || drift === (reversed ? "out" : "in");
    switch (node.type) {
      case "group":
        for (const child of node.conditions) visit(child, reversed, path);
        return;
      case "event":
        if (node.window.type === "last_days" && drawsIn(eventDrift(node)))
          add({ kind: "event", event: node.event, days: node.window.days });
        return;
      case "engagement": {
        if (node.window.type !== "last_days") return;
        const not = node.operator.startsWith("not_");
        if (drawsIn(not ? "in" : "out")) {
          const action = node.operator.replace(/^not_/, "") as "received" | "opened" | "clicked";
          add({ kind: "engagement", action, days: node.window.days });
        }
        return;
      }
      case "field":
        // A creation date lies in the past: it can only leave "the last N days".
        if (node.field === "createdAt" && node.operator === "within_last_days" && drawsIn("out"))
          add({ kind: "created", days: node.value });
        return;
      case "segment": {
        const segment = segments.get(node.segmentId);
        // A loop (refused when saved) is not followed twice.
        if (segment?.kind !== "filter" || !segment.filter || path.has(node.segmentId)) return;
        const inner = new Set(path).add(node.segmentId);
        visit(segment.filter, node.operator === "in" ? reversed : !reversed, inner);
        return;
      }
      default:
        return;
    }
  };
  visit(filter, false, new Set());
  return [...found.values()];
}

/** How "performed" moves as its count in the window can only fall. */
function eventDrift(condition: EventCondition): Drift {
  const { frequency, times } = condition;
  let performed: Drift;
  if (frequency === "at_least") performed = times <= 0 ? "none" : "out";
  else if (frequency === "at_most") performed = "in";
  else performed = times === 0 ? "in" : "both";
  if (condition.operator === "performed") return performed;
  return performed === "in" ? "out" : performed === "out" ? "in" : performed;
}

/** The stored name of a source (journey_entry_windows.source). */
export function sourceKey(source: WindowSource): string {
  switch (source.kind) {
    case "event":
      return `event:${source.days}:${source.event}`;
    case "engagement":
      return `engagement:${source.action}:${source.days}`;
    case "created":
      return `created:${source.days}`;
  }
}

/** A stored source name back as a source; undefined for one this version does not know. */
export function parseSourceKey(key: string): WindowSource | undefined {
  const [kind, first = "", ...rest] = key.split(":");
  if (kind === "event" && rest.length > 0) return { kind, days: Number(first), event: rest.join(":") };
  if (kind === "engagement" && rest.length === 1 && (ACTIONS as readonly string[]).includes(first))
    return { kind, action: first as (typeof ACTIONS)[number], days: Number(rest[0]) };
  if (kind === "created" && rest.length === 0) return { kind, days: Number(first) };
  return undefined;
}

const ACTIONS = ["received", "opened", "clicked"] as const;
