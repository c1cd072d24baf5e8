import { type RawBuilder, sql } from "kysely";
import {
  compileEngagement,
  compileEvent,
  compileSubscription,
  containsContact,
  type EngagementSources,
  negate,
} from "./compile-activity.ts";
import {
  compileAttribute,
  compileField,
  type Condition,
  FALSE,
  type Moment,
  momentOf,
  TRUE,
} from "./compile-values.ts";
import type { FilterGroup, FilterNode, MembershipCondition } from "#shared/segments/filter/schema.ts";

export type { Condition };

/** A segment a filter names, as loaded for this team by references.ts. */
export type ReferencedSegment = { kind: "static" } | { kind: "filter"; filter: FilterGroup | null };

export type CompileOptions = {
  /** The team whose contacts and activity the filter may read; bound into every subquery. */
  teamId: string;
  /** Every segment the tree names, directly or through other filter segments, all of this team. */
  segments: ReadonlyMap<string, ReferencedSegment>;
  engagement: EngagementSources;
  /** The moment relative windows ("the last 7 days") end at; the statement's time when absent. */
  now?: Date;
};

/**
 * A filter segment named from more than one place in a tree: its members are
 * selected once, as a materialized CTE `name` with the column `contact_id`,
 * and every place that names it tests membership in that set.
 */
export type SharedSegment = { name: string; members: RawBuilder<{ contact_id: string }> };

/** A compiled filter: the WHERE condition over `c`, and the CTEs it reads, in the order they must be written. */
export type CompiledFilter = { where: Condition; shared: SharedSegment[] };

/**
 * The WHERE condition, over the team's contacts aliased `c`, of the contacts a
 * filter tree selects. The caller scopes `c` to the team (filterContacts in
 * query.ts does); every subquery here scopes itself, so nothing of another team
 * can match. Segment references must have been resolved (and checked to be the
 * team's, and free of loops) by resolveReferences.
 *
 * Each distinct filter segment's tree is written once, whatever the number of
 * places that name it, so the SQL grows with the distinct segments a tree
 * reaches and never with the paths to them: a segment named once is inlined
 * (evaluated over the same contact, as an index-friendly condition), one named
 * more often becomes a SharedSegment.
 */
export function compileFilter(filter: FilterGroup, options: CompileOptions): CompiledFilter {
  const scope: Scope = {
    ...options,
    uses: countUses(filter, options.segments),
    shared: new Map(),
    within: new Set(),
    order: [],
    moment: momentOf(options.now),
  };
  const where = compileNode(filter, scope);
  return { where, shared: scope.order };
}

// uses: how many places name each filter segment, across the trees that are written (each once).
// shared: the CTE name of each segment written as one, once its tree is compiled.
// within: the filter segments being compiled, so a loop that slipped past
// resolveReferences ends as "nobody" instead of recursing forever.
type Scope = CompileOptions & {
  uses: ReadonlyMap<string, number>;
  shared: Map<string, string>;
  within: Set<string>;
  order: SharedSegment[];
  moment: Moment;
};

function countUses(filter: FilterGroup, segments: CompileOptions["segments"]): Map<string, number> {
  const uses = new Map<string, number>();
  const visit = (node: FilterNode) => {
    if (node.type === "group") node.conditions.forEach(visit);
    if (node.type !== "segment") return;
    const segment = segments.get(node.segmentId);
    if (segment?.kind !== "filter" || !segment.filter) return;
    const count = (uses.get(node.segmentId) ?? 0) + 1;
    uses.set(node.segmentId, count);
    // Its own tree is written once, so the places it names are counted once.
    if (count === 1) visit(segment.filter);
  };
  visit(filter);
  return uses;
}

function compileNode(node: FilterNode, options: Scope): Condition {
  switch (node.type) {
    case "group":
      return compileGroup(node, options);
    case "field":
      return compileField(node, options.moment);
    case "attribute":
      return compileAttribute(node, options.moment);
    case "event":
      return compileEvent(node, options.teamId, options.moment);
    case "engagement":
      return compileEngagement(node, options.teamId, options.engagement, options.moment);
    case "subscription":
      return compileSubscription(node);
    case "segment":
      return compileMembership(node, options);
  }
}

function compileGroup(group: FilterGroup, options: Scope): Condition {
  // An empty group places no condition, whatever its combinator.
  if (group.conditions.length === 0) return TRUE;
  const parts = group.conditions.map((node) => compileNode(node, options));
  return sql<boolean>`(${sql.join(parts, group.combinator === "and" ? sql` and ` : sql` or `)})`;
}

function compileMembership(condition: MembershipCondition, options: Scope): Condition {
  const { segmentId } = condition;
  const member = compileMember(segmentId, options);
  return condition.operator === "in" ? member : negate(member);
}

function compileMember(segmentId: string, options: Scope): Condition {
  // Absent: deleted since a stored filter named it (a new filter naming it is refused by resolveReferences).
  const segment = options.segments.get(segmentId);
  if (!segment) return FALSE;
  if (segment.kind === "static") {
    return containsContact(sql`select sm.contact_id from segment_members sm where sm.segment_id = ${segmentId}`);
  }
  if (!segment.filter || options.within.has(segmentId)) return FALSE;
  const cte = options.shared.get(segmentId);
  if (cte) return containsContact(sql`select s.contact_id from ${sql.table(cte)} s`);
  options.within.add(segmentId);
  // A filter segment is evaluated as it is now: its own tree, over the same contact.
  const own = compileNode(segment.filter, options);
  options.within.delete(segmentId);
  if ((options.uses.get(segmentId) ?? 0) <= 1) return own;
  // Written after the CTEs its own tree reads, which were pushed while compiling it.
  const name = `filter_segment_${options.order.length + 1}`;
  options.order.push({
    name,
    members: sql<{
      contact_id: string;
    }>`select c.id as contact_id from contacts c where c.team_id = ${options.teamId} and ${own}`,
  });
  options.shared.set(segmentId, name);
  return containsContact(sql`select s.contact_id from ${sql.table(name)} s`);
}
