import type { ReferencedSegment } from "./compile.ts";
import type { FilterNode } from "#shared/segments/filter/schema.ts";

/**
 * The most conditions a filter may hold once every filter segment it names is
 * counted in at each place it is named. Each reference to a filter segment
 * stands for that segment's whole tree, so two levels of 1,500 references are
 * 2,250,000 conditions; the compiler writes each distinct segment once, but the
 * meaning of a tree, and the statement's bound values, grow with this figure.
 * 5,000 leaves room for far more than a person builds (a group holds 50) and
 * keeps a statement's parameters well under PostgreSQL's 65,535.
 */
export const FILTER_MAX_EXPANDED_CONDITIONS = 5_000;

/**
 * How many conditions (groups, leaves and event property conditions) a tree
 * stands for with the filter segments it names expanded in place, counting
 * each segment's size once (memoised) so the work is linear in the distinct
 * segments however often they are named. The count stops at `cap + 1`: any
 * figure above the cap is as refused as any other, and a product of 1,500s
 * many levels deep never has to be represented. A loop adds nothing (it is
 * refused elsewhere, and compiles to "nobody").
 */
export function countExpandedConditions(
  root: FilterNode,
  segments: ReadonlyMap<string, ReferencedSegment>,
  cap = FILTER_MAX_EXPANDED_CONDITIONS,
): number {
  const sizes = new Map<string, number>();
  const expanding = new Set<string>();
  const limit = cap + 1;
  const add = (a: number, b: number) => Math.min(limit, a + b);

  const sizeOfSegment = (id: string): number => {
    const known = sizes.get(id);
    if (known !== undefined) return known;
    const segment = segments.get(id);
    if (!segment || segment.kind !== "filter" || !segment.filter || expanding.has(id)) return 0;
    expanding.add(id);
    const size = sizeOf(segment.filter);
    expanding.delete(id);
    sizes.set(id, size);
    return size;
  };

  const sizeOf = (node: FilterNode): number => {
    switch (node.type) {
      case "group":
        return node.conditions.reduce((total, child) => (total >= limit ? total : add(total, sizeOf(child))), 1);
      case "event":
        return add(1, node.properties.length);
      case "segment":
        return add(1, sizeOfSegment(node.segmentId));
      default:
        return 1;
    }
  };

  return sizeOf(root);
}
