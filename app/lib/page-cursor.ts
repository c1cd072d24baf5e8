// Keyset lists keep their position in the URL as GET parameters (`after`, `before`,
// prefixed when a page shows more than one list), so Next and Previous are plain
// links that work without JavaScript and a page can be bookmarked.

const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,300}$/;

/**
 * The cursor parameter names of one list on a page: `after`/`before`, or `excludedAfter`/`excludedBefore` for prefix
 * "excluded".
 */
function cursorNames(prefix: string) {
  return prefix ? { after: `${prefix}After`, before: `${prefix}Before` } : { after: "after", before: "before" };
}

/** Reads one list's page from the URL leniently: a parameter that is not cursor-shaped is the first page. */
export function readPageRequest(params: URLSearchParams, prefix = ""): { after: string | null; before: string | null } {
  const names = cursorNames(prefix);
  const read = (name: string) => {
    const value = params.get(name);
    return value && CURSOR_SHAPE.test(value) ? value : null;
  };
  const after = read(names.after);
  return { after, before: after ? null : read(names.before) };
}

/**
 * The same URL with one list moved to another page (the others stay where they are);
 * `null` when there is no such page.
 */
export function pageHref(
  location: { pathname: string; search: string },
  move: { after?: string | null; before?: string | null },
  prefix = "",
): string | null {
  const cursor = move.after ?? move.before;
  if (!cursor) return null;
  const names = cursorNames(prefix);
  const params = new URLSearchParams(location.search);
  params.delete(names.after);
  params.delete(names.before);
  params.set(move.after ? names.after : names.before, cursor);
  return `${location.pathname}?${params}`;
}

/** The URL with one list back on its first page, for when its cursor went stale. */
export function firstPageHref(location: { pathname: string; search: string }, prefix = ""): string {
  const names = cursorNames(prefix);
  const params = new URLSearchParams(location.search);
  params.delete(names.after);
  params.delete(names.before);
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}
