/**
 * Which page of a keyset list to read: the rows after one cursor (the next page),
 * the rows before one (the previous page), or, with neither, the first page.
 */
export type PageRequest = { after?: string | null; before?: string | null };

/** One page of a keyset list, with the cursors that lead to its neighbours (null where there is none). */
export type KeysetPage<Row> = { rows: Row[]; previousCursor: string | null; nextCursor: string | null };

/**
 * Turns the up to `limit + 1` rows a keyset query read into a page. Reading backwards
 * (`before`), the query walks the order in reverse, so the rows come back reversed and
 * the extra row tells whether there is a page before; reading forwards it tells
 * whether there is a page after. Whoever came from a neighbour can go back to it.
 */
export function toKeysetPage<Row>(
  read: Row[],
  options: { limit: number; request: PageRequest; cursorOf: (row: Row) => string },
): KeysetPage<Row> {
  const backwards = Boolean(options.request.before) && !options.request.after;
  const more = read.length > options.limit;
  const rows = read.slice(0, options.limit);
  if (backwards) rows.reverse();
  const hasPrevious = backwards ? more : Boolean(options.request.after);
  const hasNext = backwards ? true : more;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    previousCursor: hasPrevious && first ? options.cursorOf(first) : null,
    nextCursor: hasNext && last ? options.cursorOf(last) : null,
  };
}
