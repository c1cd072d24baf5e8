/**
 * What a page derives from kept figures (a chart's markup, its labels, the rows a
 * chart is drawn from), kept beside them. The analytics figures are kept per process
 * while their rollups' version holds (server/analytics/figures-cache.ts), and a
 * request is handed the very same objects until a write commits; so what was derived
 * from them once is still right, and rendering a 90-day chart becomes a lookup.
 *
 * Keyed weakly by the figures object: when the figures cache lets figures go (a new
 * version, or the least recently used), what was derived from them goes too, so this
 * needs no bound of its own. In the browser the figures are new with each load, so
 * it only spares the re-renders of one page.
 */
const kept = new WeakMap<object, Map<string, unknown>>();

/** `make()` for these figures and this key, made once while the figures object lives. The answer is shared: never change it. */
export function keepForFigures<T>(figures: object, key: string, make: () => T): T {
  let derived = kept.get(figures);
  if (!derived) {
    derived = new Map();
    kept.set(figures, derived);
  }
  if (derived.has(key)) return derived.get(key) as T;
  const made = make();
  derived.set(key, made);
  return made;
}
