import { useState } from "react";

export type PageSelectionState = "none" | "some" | "all";

/**
 * Which rows of the current page are ticked, and whether the selection was widened
 * to every contact matching the filters. The page remounts its owner on every
 * navigation, so a selection never outlives the rows it was made on.
 */
export function useContactSelection(pageIds: string[], initiallyAll: boolean) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initiallyAll ? pageIds : []));
  const [allMatching, setAllMatching] = useState(false);
  const pageState: PageSelectionState =
    selected.size === 0 ? "none" : pageIds.every((id) => selected.has(id)) ? "all" : "some";

  function select(id: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    setSelected(next);
    // Unticking a row means the person no longer wants "everything".
    setAllMatching(false);
  }

  function togglePage() {
    setSelected(new Set(pageState === "all" ? [] : pageIds));
    setAllMatching(false);
  }

  function clear() {
    setSelected(new Set());
    setAllMatching(false);
  }

  return { selected, pageState, allMatching, selectAllMatching: () => setAllMatching(true), select, togglePage, clear };
}
