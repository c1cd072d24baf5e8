import { sql } from "kysely";
import { compileEngagement, compileEvent, compileSubscription, containsContact, type EngagementSources, negate } from "./compile-activity.ts";
import { compileAttribute, compileField, type Condition, FALSE, TRUE } from "./compile-values.ts";
import type { FilterGroup, FilterNode, MembershipCondition } from "./schema.ts";

export type { Condition };

/** A segment a filter names, as loaded for this team by references.ts. */
export type ReferencedSegment = { kind: "static" } | { kind: "filter"; filter: FilterGroup | null };

export type CompileOptions = {
  /** The team whose contacts and activity the filter may read; bound into every subquery. */
  teamId: string;
  /** Every segment the tree names, directly or through other filter segments, all of this team. */
  segments: ReadonlyMap<string, ReferencedSegment>;
  engagement: EngagementSources;
};

/**
 * The WHERE condition, over the team's contacts aliased `c`, of the contacts a
 * filter tree selects. The caller scopes `c` to the team (filterContacts in
 * query.ts does); every subquery here scopes itself, so nothing of another team
 * can match. Segment references must have been resolved (and checked to be the
 * team's, and free of loops) by resolveReferences.
 */
export function compileFilter(filter: FilterGroup, options: CompileOptions): Condition {
  return compileNode(filter, { ...options, within: [] });
}

// `within`: the filter segments being expanded, so a loop that slipped past
// resolveReferences ends as "nobody" instead of recursing forever.
type Scope = CompileOptions & { within: readonly string[] };

function compileNode(node: FilterNode, options: Scope): Condition {
  switch (node.type) {
    case "group":
      return compileGroup(node, options);
    case "field":
      return compileField(node);
    case "attribute":
      return compileAttribute(node);
    case "event":
      return compileEvent(node, options.teamId);
    case "engagement":
      return compileEngagement(node, options.teamId, options.engagement);
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
  if (!segment.filter || options.within.includes(segmentId)) return FALSE;
  // A filter segment is evaluated as it is now: its own tree, over the same contact.
  return compileNode(segment.filter, { ...options, within: [...options.within, segmentId] });
}
