import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { searchPattern } from "#server/contacts/filter.ts";
import { planSearch, searchConditions, searchSource, searchSourceConditions } from "#server/contacts/search.ts";
import { AppError } from "#server/errors.ts";
import { findAppPages } from "./app-pages.ts";
import { foldAccents, foldAccentsSql } from "#server/contacts/fold-accents.ts";

/** Longest search accepted: longer text is no name, email or phone anyone types. */
export const SEARCH_QUERY_MAX = 100;

export type SearchHit = {
  kind: "contact" | "segment" | "campaign" | "page";
  id: string;
  title: string;
  detail: string;
  href: string;
};
export type WorkspaceResults = {
  query: string;
  contacts: SearchHit[];
  segments: SearchHit[];
  campaigns: SearchHit[];
  pages: SearchHit[];
};

/**
 * The search box's text, trimmed; throws INVALID on the `q` field when it is
 * longer than SEARCH_QUERY_MAX, before any of it reaches the database.
 */
export function readSearchQuery(raw: string | null): string {
  const query = (raw ?? "").trim();
  if (query.length > SEARCH_QUERY_MAX) {
    const message = `Search is too long: at most ${SEARCH_QUERY_MAX} characters.`;
    throw new AppError("INVALID", message, { fields: { q: [message] } });
  }
  return query;
}

/**
 * What the top bar's search finds for one team: its contacts (name, email,
 * phone), segments, campaigns (name, subject) and the app's pages, each by
 * prefix or substring, ignoring case and accents. Only the team's own rows;
 * at most `limit` of each kind. An empty query finds nothing.
 */
export async function searchWorkspace(
  db: Database,
  options: { teamId: string; query: string; limit?: number },
): Promise<WorkspaceResults> {
  const limit = options.limit ?? 5;
  const pattern = searchPattern(options.query);
  if (!pattern) return { query: options.query, contacts: [], segments: [], campaigns: [], pages: [] };
  const [contacts, segments, campaigns] = await Promise.all([
    findContacts(db, options.teamId, pattern, limit),
    findSegments(db, options.teamId, pattern, limit),
    findCampaigns(db, options.teamId, pattern, limit),
  ]);
  const pages = findAppPages(foldAccents(options.query.trim()), limit).map((page) => ({
    kind: "page" as const,
    id: page.path,
    title: page.name,
    detail: page.path,
    href: page.path,
  }));
  return { query: options.query, contacts, segments, campaigns, pages };
}

type ContactRow = { id: string; name: string | null; email: string | null; phone: string | null };

/**
 * Contacts whose text starts with the search first, through the b-tree over the
 * indexed text, which stops after `limit` (a common first name would otherwise
 * cost a bitmap of every match); when fewer are found, every match through the
 * Contacts search's index and queue (decision 012), so contacts not yet indexed
 * are found too. Each candidate is checked again on the contact row.
 */
async function findContacts(db: Database, teamId: string, pattern: string, limit: number): Promise<SearchHit[]> {
  const prefix = await sql<ContactRow>`
    select c.id, c.name, c.email, c.phone
    from (
      select s.contact_id from contact_search s
      where s.team_id = ${teamId} and left(s.haystack, 200) like ${prefixOf(pattern)}
      limit ${limit}
    ) s
    join contacts c on c.id = s.contact_id
    where ${searchConditions({ teamId }, pattern, null)}
  `.execute(db);
  const rows = prefix.rows.length >= limit ? prefix.rows : await findContactsAnywhere(db, teamId, pattern, limit);
  return rows.map((c) => ({
    kind: "contact",
    id: c.id,
    title: c.name || c.email || c.phone || "Unnamed contact",
    detail: [c.email, c.phone].filter(Boolean).join(" · "),
    href: `/dashboard/contacts/${c.id}`,
  }));
}

async function findContactsAnywhere(
  db: Database,
  teamId: string,
  pattern: string,
  limit: number,
): Promise<ContactRow[]> {
  const search = await planSearch(db, pattern);
  const result = await sql<ContactRow>`
    select c.id, c.name, c.email, c.phone from ${searchSource(teamId, search)}
    where ${searchSourceConditions({ teamId }, pattern, null)}
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** A team has tens of segments, not millions: a scan of its rows is enough. */
async function findSegments(db: Database, teamId: string, pattern: string, limit: number): Promise<SearchHit[]> {
  const name = foldAccentsSql(sql<string>`murmur_lower(name)`);
  const rows = await db
    .selectFrom("segments")
    .select(["id", "name", "kind"])
    .where("teamId", "=", teamId)
    .where(name, "like", pattern)
    .orderBy(sql`${name} like ${prefixOf(pattern)}`, "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map((s) => ({
    kind: "segment",
    id: s.id,
    title: s.name,
    detail: `${s.kind} segment`,
    href: `/dashboard/segments/${s.id}/edit`,
  }));
}

async function findCampaigns(db: Database, teamId: string, pattern: string, limit: number): Promise<SearchHit[]> {
  const text = foldAccentsSql(sql<string>`murmur_lower(name || ' ' || coalesce(subject, ''))`);
  const rows = await db
    .selectFrom("campaigns")
    .select(["id", "name", "state", "subject"])
    .where("teamId", "=", teamId)
    .where("journeyId", "is", null)
    .where(text, "like", pattern)
    .orderBy(sql`${text} like ${prefixOf(pattern)}`, "desc")
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
  return rows.map((c) => ({
    kind: "campaign",
    id: c.id,
    title: c.name,
    detail: [c.state, c.subject].filter(Boolean).join(" · "),
    href: `/dashboard/broadcasts/${c.id}`,
  }));
}

/** "%term%" as "term%": the ones that start with the search come first. */
function prefixOf(pattern: string): string {
  return pattern.slice(1);
}
