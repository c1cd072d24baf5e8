import type { ReferencedSegment } from "./compile.ts";
import type { FilterNode } from "#shared/segments/filter/schema.ts";

/** How many filter segments deep one segment may reach through membership conditions. */
export const MAX_SEGMENT_NESTING = 5;

const LOOP = "A segment cannot include itself, directly or through other segments";
const TOO_DEEP = `Segments can include other filter segments at most ${MAX_SEGMENT_NESTING} deep`;

type Reach = { levels: number; loops: boolean };

/**
 * Judges the chains of filter segments that start at the segments a new tree
 * names. Each segment is walked once (its answer memoised), so a team's
 * segments that name each other in a wide lattice cost work linear in their
 * references, not one walk per path through them.
 */
export function createChainJudge(segments: ReadonlyMap<string, ReferencedSegment>, selfId?: string) {
  const reach = new Map<string, Reach>();
  const walking = new Set<string>();

  // levels: the longest chain of filter segments starting at `id` (0 for a static or absent one);
  // loops: whether a chain from `id` comes back to a segment on it, or to the one being saved.
  const reachOf = (id: string): Reach => {
    if (id === selfId || walking.has(id)) return { levels: 0, loops: true };
    const known = reach.get(id);
    if (known) return known;
    const segment = segments.get(id);
    if (!segment || segment.kind !== "filter" || !segment.filter) return { levels: 0, loops: false };
    walking.add(id);
    let levels = 0;
    let loops = false;
    for (const next of namedSegmentIds(segment.filter)) {
      const below = reachOf(next);
      levels = Math.max(levels, below.levels);
      loops ||= below.loops;
    }
    walking.delete(id);
    const answer = { levels: levels + 1, loops };
    reach.set(id, answer);
    return answer;
  };

  // The segment being saved is one level of the chain itself.
  const allowed = MAX_SEGMENT_NESTING - (selfId ? 1 : 0);

  /** Why naming `id` is refused (a loop, or a chain too deep), or undefined. */
  return (id: string): string | undefined => {
    const { levels, loops } = reachOf(id);
    if (loops) return LOOP;
    return levels > allowed ? TOO_DEEP : undefined;
  };
}

/** The distinct segment ids a tree names, at any depth of its groups. */
export function namedSegmentIds(node: FilterNode): Set<string> {
  const ids = new Set<string>();
  const visit = (at: FilterNode) => {
    if (at.type === "group") at.conditions.forEach(visit);
    else if (at.type === "segment") ids.add(at.segmentId);
  };
  visit(node);
  return ids;
}
