import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { type Cursor, decodeCursor, encodeCursor } from "./cursor.ts";
import { type ContactFilter, type HasPhone, whereContactFilter } from "./filter.ts";

export const CONTACTS_PAGE_SIZE = 50;
/** Filtered totals are counted up to here; past it the list says "10,000+". */
export const COUNT_CAP = 10_000;

export type { ContactFilter, HasPhone };

export type ContactRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
};

/**
 * One page of a team's contacts, newest first, by keyset: `after` is the
 * nextCursor of the previous page. Search is case-insensitive over name, email and phone.
 */
export async function listContacts(
  db: Database,
  options: ContactFilter & { after?: string | null; limit?: number },
): Promise<{ contacts: ContactRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? CONTACTS_PAGE_SIZE, 1), 500);
  const after: Cursor | null = options.after ? decodeCursor(options.after) : null;
  let query = db
    .selectFrom("contacts")
    .select(["id", "name", "email", "phone", "createdAt", sql<string>`created_at::text`.as("createdAtText")])
    .where(whereContactFilter(options))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (after) {
    query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    contacts: page.map(({ createdAtText: _, ...row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

/** How many contacts match, exact up to COUNT_CAP; `capped` says the real number is larger. */
export async function countContacts(db: Database, filter: ContactFilter): Promise<{ total: number; capped: boolean }> {
  const filtered = Boolean(filter.search?.trim()) || (filter.hasPhone && filter.hasPhone !== "any");
  if (!filtered) {
    const row = await db
      .selectFrom("teamContactCounts")
      .select("total")
      .where("teamId", "=", filter.teamId)
      .executeTakeFirst();
    return { total: row?.total ?? 0, capped: false };
  }
  const row = await db
    .selectFrom((eb) =>
      eb.selectFrom("contacts").select(sql`1`.as("one")).where(whereContactFilter(filter)).limit(COUNT_CAP + 1).as("matches"),
    )
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return row.total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: row.total, capped: false };
}
