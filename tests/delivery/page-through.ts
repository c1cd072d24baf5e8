/** What a keyset page's loader returns for one list: its rows (or messages) and its neighbours' cursors. */
export type ListPage<Row> = { rows: Row[]; previousCursor: string | null; nextCursor: string | null };

/**
 * Follows a list's Next links from its first page to its last, then its Previous
 * links back to the first, as a person clicking through would: the pages seen each
 * way, so a test can check that every row shows up exactly once and that going
 * back shows the same pages.
 */
export async function pageThrough<Row>(
  read: (query: string) => Promise<ListPage<Row>>,
  names: { after: string; before: string } = { after: "after", before: "before" },
): Promise<{ forward: Row[][]; backward: Row[][] }> {
  const forward: ListPage<Row>[] = [await read("")];
  while (forward.at(-1)!.nextCursor) {
    if (forward.length > 1_000) throw new Error("Next never ends");
    forward.push(await read(`${names.after}=${forward.at(-1)!.nextCursor}`));
  }
  const backward: ListPage<Row>[] = [forward.at(-1)!];
  while (backward.at(-1)!.previousCursor) {
    if (backward.length > 1_000) throw new Error("Previous never ends");
    backward.push(await read(`${names.before}=${backward.at(-1)!.previousCursor}`));
  }
  return { forward: forward.map((page) => page.rows), backward: backward.reverse().map((page) => page.rows) };
}
