import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { executePrepared } from "#db/prepared-statements.ts";
import { type Cursor, decodeCursor, encodeCursor } from "#server/keyset-cursor.ts";
import { type ContactFilter, type HasPhone, searchPattern, whereContactFilter } from "./filter.ts";
import { planSearch, searchConditions, searchSource, searchSourceConditions } from "./search.ts";

export const CONTACTS_PAGE_SIZE = 50;
/** Filtered totals are counted up to here; past it the list says "1,000+". */
export const COUNT_CAP = 1_000;
/**
 * A search first looks for its page among this many of the newest contacts: a
 * common word fills a page there at once, without the trigram index, which is
 * slowest for exactly those words.
 */
const SEARCH_PROBE_ROWS = 1_000;

export type { ContactFilter, HasPhone };

export type ContactRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
};

type PageRow = ContactRow & { createdAtText: string };

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
  const pattern = searchPattern(options.search);
  let rows: PageRow[];
  if (!pattern) {
    rows = await newestPage(db, options, after, limit + 1).execute();
  } else {
    // A full page among the newest contacts is the answer; otherwise the index finds the scattered matches.
    rows = await probeNewest(db, options, pattern, after, limit + 1);
    if (rows.length <= limit) rows = await indexedPage(db, options, pattern, after, limit + 1);
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    contacts: page.map(({ createdAtText: _, ...row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

function newestPage(db: Database, filter: ContactFilter, after: Cursor | null, take: number) {
  let query = db
    .selectFrom("contacts")
    .select(["id", "name", "email", "phone", "createdAt", sql<string>`created_at::text`.as("createdAtText")])
    .where(whereContactFilter(filter))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(take);
  if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  return query;
}

function filtersByPhone(filter: ContactFilter): boolean {
  return Boolean(filter.hasPhone && filter.hasPhone !== "any");
}

function capTotal(total: number): { total: number; capped: boolean } {
  return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
}

/**
 * totalQuery's answer as shown: the Has phone filter's matches are counted row by
 * row and so capped; the team's total is kept exactly (team_contact_counts) and never is.
 */
function unsearchedTotal(filter: ContactFilter, total: number): { total: number; capped: boolean } {
  return filtersByPhone(filter) ? capTotal(total) : { total, capped: false };
}

/** What countContacts counts, as a one-row query: the kept total, or the matches up to COUNT_CAP + 1. */
function totalQuery(db: Database, filter: ContactFilter) {
  if (filtersByPhone(filter)) {
    return db
      .selectFrom((eb) =>
        eb
          .selectFrom("contacts")
          .select(sql`1`.as("one"))
          .where(whereContactFilter(filter))
          .limit(COUNT_CAP + 1)
          .as("matches"),
      )
      .select((eb) => eb.fn.countAll<number>().as("total"));
  }
  return db.selectNoFrom((eb) =>
    eb.fn
      .coalesce(eb.selectFrom("teamContactCounts").select("total").where("teamId", "=", filter.teamId), sql.lit(0))
      .$castTo<number>()
      .as("total"),
  );
}

// The search queries are written in SQL: their shape (a bounded window, a lookup
// that a LIMIT can stop early) is what makes them fast, and it shows here.

async function probeNewest(db: Database, filter: ContactFilter, pattern: string, after: Cursor | null, take: number) {
  const keyset = after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const result = await sql<PageRow>`
    select id, name, email, phone, created_at as "createdAt", created_at::text as "createdAtText" from (
      select id, team_id, name, email, phone, created_at from contacts
      where team_id = ${filter.teamId} ${keyset}
      order by created_at desc, id desc limit ${SEARCH_PROBE_ROWS}
    ) c
    where ${searchConditions(filter, pattern, null)}
    order by created_at desc, id desc limit ${take}
  `.execute(db);
  return result.rows;
}

async function indexedPage(db: Database, filter: ContactFilter, pattern: string, after: Cursor | null, take: number) {
  const search = await planSearch(db, pattern);
  const result = await sql<PageRow>`
    select c.id, c.name, c.email, c.phone, c.created_at as "createdAt", c.created_at::text as "createdAtText"
    from ${searchSource(filter.teamId, search)}
    where ${searchSourceConditions(filter, pattern, after)}
    order by c.created_at desc, c.id desc limit ${take}
  `.execute(db);
  return result.rows;
}

/** How many contacts match, exact up to COUNT_CAP; `capped` says the real number is larger. */
export async function countContacts(db: Database, filter: ContactFilter): Promise<{ total: number; capped: boolean }> {
  const pattern = searchPattern(filter.search);
  if (pattern) {
    const search = await planSearch(db, pattern);
    const result = await sql<{ total: number }>`
      select count(*)::int as total from (
        select 1 from ${searchSource(filter.teamId, search)}
        where ${searchSourceConditions(filter, pattern, null)} limit ${COUNT_CAP + 1}
      ) matches
    `.execute(db);
    return capTotal(result.rows[0]?.total ?? 0);
  }
  const { total } = await totalQuery(db, filter).executeTakeFirstOrThrow();
  return unsearchedTotal(filter, total);
}

export type ContactsPage = { contacts: ContactRow[]; nextCursor: string | null; total: number; capped: boolean };

/**
 * A page of contacts and the total it belongs to, as the Contacts page and
 * `GET /api/contacts` show them. A search reads its matches from the trigram
 * index once: up to COUNT_CAP of them give both the count and, sorted, the page.
 * Only a search matching more than that pages the usual way (newest contacts
 * first, then the index in created order) and says "1,000+".
 */
export async function contactsPage(
  db: Database,
  options: ContactFilter & { after?: string | null; limit?: number },
): Promise<ContactsPage> {
  const pattern = searchPattern(options.search);
  const limit = Math.min(Math.max(options.limit ?? CONTACTS_PAGE_SIZE, 1), 500);
  const after: Cursor | null = options.after ? decodeCursor(options.after) : null;
  if (!pattern) return pageWithTotal(db, options, after, limit);
  const keyset = after ? sql`and (m.created_at, m.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const search = await planSearch(db, pattern);
  // Prepared (db/prepared-statements.ts): planning this statement cost more than running it.
  const rows = await executePrepared(
    db,
    sql<PageRow & { total: number; id: string | null }>`
    with m as materialized (
      select c.id, c.name, c.email, c.phone, c.created_at
      from ${searchSource(options.teamId, search)}
      where ${searchSourceConditions(options, pattern, null)}
      limit ${COUNT_CAP + 1}
    )
    select p.id, p.name, p.email, p.phone, p.created_at as "createdAt", p.created_at::text as "createdAtText", t.total
    from (select count(*)::int as total from m) t
    left join lateral (
      select * from m where true ${keyset} order by m.created_at desc, m.id desc limit ${limit + 1}
    ) p on true
  `.compile(db),
  );
  const total = rows[0]?.total ?? 0;
  if (total > COUNT_CAP) {
    return { ...(await listContacts(db, options)), total: COUNT_CAP, capped: true };
  }
  return toContactsPage(rows, limit, total);
}

/**
 * An unsearched page and its total in one statement: a round trip fewer than
 * asking for them apart, on the view every visit of the Contacts page starts with.
 */
async function pageWithTotal(
  db: Database,
  filter: ContactFilter,
  after: Cursor | null,
  limit: number,
): Promise<ContactsPage> {
  const rows = await executePrepared(
    db,
    db
      .selectFrom(totalQuery(db, filter).as("t"))
      .leftJoinLateral(newestPage(db, filter, after, limit + 1).as("p"), (join) => join.onTrue())
      .select(["t.total", "p.id", "p.name", "p.email", "p.phone", "p.createdAt", "p.createdAtText"]),
  );
  const count = unsearchedTotal(filter, rows[0]?.total ?? 0);
  return toContactsPage(rows, limit, count.total, count.capped);
}

/** The rows of a page-and-total statement (one row with null columns when the page is empty) as a ContactsPage. */
function toContactsPage(
  rows: {
    id: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    createdAt: Date | null;
    createdAtText: string | null;
  }[],
  limit: number,
  total: number,
  capped = false,
): ContactsPage {
  const found = rows.filter((row): row is PageRow => row.id !== null);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    contacts: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt,
    })),
    nextCursor: found.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
    total,
    capped,
  };
}
