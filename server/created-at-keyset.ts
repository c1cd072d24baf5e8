import { type SelectQueryBuilder, sql } from "kysely";
import { type Cursor, decodeCursor, encodeCursor } from "./keyset-cursor.ts";
import type { PageRequest } from "./keyset-page.ts";

/**
 * created_at as PostgreSQL's own text, selected beside a row so its cursor keeps
 * the microseconds a JavaScript Date would drop.
 */
export const createdAtText = () => sql<string>`created_at::text`.as("createdAtText");

/** The cursor of a row read with `createdAtText()`. */
export function cursorOfCreatedAt(row: { createdAtText: string; id: string }): string {
  return encodeCursor({ createdAt: row.createdAtText, id: row.id });
}

/**
 * Orders a one-table query newest first (created_at desc, id desc, the order of the
 * tables' (team_id, created_at, id) indexes) and starts it after `after`; with `before`
 * instead it walks the same order backwards from there, as `toKeysetPage` expects.
 * A cursor that is not one of ours is INVALID before any SQL runs.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const after: Cursor | null = request.after ? decodeCursor(request.after) : null;
  const before: Cursor | null = !after && request.before ? decodeCursor(request.before) : null;
  const direction = before ? sql`asc` : sql`desc`;
  let ordered = query.orderBy(sql`created_at ${direction}`).orderBy(sql`id ${direction}`);
  if (after)
    ordered = ordered.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  if (before)
    ordered = ordered.where(sql<boolean>`(created_at, id) > (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
  return ordered;
}
