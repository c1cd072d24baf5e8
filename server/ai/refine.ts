import { FILTER_MAX_CONDITIONS, type FilterGroup, type FilterNode } from "#shared/segments/filter/schema.ts";

/*
 * A follow-up prompt after a result ("only the ones in Germany", "and exclude
 * enterprise", "or anyone in VIP") edits the filter shown instead of starting
 * over: the follow-up is read on its own, by the same interpreter, and joined
 * to the current filter. Narrowing is the rule ("and"); a follow-up that
 * starts by adding people ("or", "also include", "plus") widens it.
 */

export type RefineMode = "narrow" | "widen";

const WIDENING = /^\s*(?:or|plus|also\s+include|also\s+add|and\s+also\s+include|include|add|as\s+well\s+as)\b/i;

/** Whether a follow-up adds people to the audience or keeps only some of it. */
export function refineModeOf(followUp: string): RefineMode {
  return WIDENING.test(followUp) ? "widen" : "narrow";
}

/**
 * The current filter edited by the follow-up's filter. Invariants: narrowing
 * keeps every condition of `current` and adds the follow-up's to its top "and"
 * group where there is room (so the tree stays as flat as it was); widening
 * keeps `current` whole as one alternative. A follow-up with no condition
 * leaves `current` as it was.
 */
export function refineFilter(current: FilterGroup, followUp: FilterGroup, mode: RefineMode): FilterGroup {
  if (followUp.conditions.length === 0) return current;
  if (current.conditions.length === 0) return followUp;
  const added: FilterNode[] =
    followUp.combinator === (mode === "narrow" ? "and" : "or") ? followUp.conditions : [followUp];
  const combinator = mode === "narrow" ? "and" : "or";
  if (current.combinator === combinator && current.conditions.length + added.length <= FILTER_MAX_CONDITIONS) {
    return { ...current, conditions: [...current.conditions, ...added] };
  }
  return { type: "group", combinator, conditions: [current, ...added] };
}
