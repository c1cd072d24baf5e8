import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { Cursor } from "#server/keyset-cursor.ts";
import type { ContactFilter } from "./filter.ts";
import { searchHaystack } from "./search-index.ts";
import { findRareKeys } from "./search-key-shares.ts";
import { searchTrigrams } from "./search-trigrams.ts";

/**
 * Past this many contacts waiting for the search index (right after a large
 * import), a search reads the team's contacts directly instead: slower, still right.
 */
const QUEUE_LOOKUP_LIMIT = 5_000;

/** A search's LIKE pattern and the index keys it reads (null: none worth reading; see planSearch). */
export type PlannedSearch = { pattern: string; keys: number[] | null };

/**
 * What the search index is asked for a LIKE pattern of searchPattern(): the
 * trigram keys of one word of the search (indexWord) that are not common
 * (findRareKeys), or none when the search has no word of three letters or
 * digits or all its keys are common. Invariant: every contact whose text matches
 * the pattern holds every key returned.
 */
export async function planSearch(db: Database, pattern: string): Promise<PlannedSearch> {
  const word = indexWord(likeTerm(pattern));
  const keys = word ? await findRareKeys(db, searchTrigrams(word)) : [];
  return { pattern, keys: keys.length > 0 ? keys : null };
}

/**
 * Where a search reads its contacts from, as `c` rows (id, team_id, name, email,
 * phone, created_at). Normally the trigram index over contact_search gives the
 * candidates, plus the contacts still queued for indexing, whose indexed text may
 * be missing or stale; each candidate is then looked up by id. The shape forces
 * that plan (a LATERAL lookup cannot become a hash join), whatever the table
 * statistics say, and lets a LIMIT above it stop early.
 *
 * The queue is read inside the same statement rather than asked first: one round
 * trip fewer per search. Which of the two ways applies is decided once per
 * statement (a one-time filter), so the way not taken costs nothing.
 */
export function searchSource(teamId: string, search: PlannedSearch): RawBuilder<unknown> {
  const { pattern, keys } = search;
  // The index is asked for the keys; the whole search is then checked on the
  // indexed text, before any contact is read. Without keys, the planner reads
  // the team's indexed texts, which it can estimate: at once for a common word.
  const indexed = keys
    ? sql`s.trigrams @> ${`{${keys.join(",")}}`}::int4[] and strpos(s.haystack, ${likeTerm(pattern)}) > 0`
    : sql`s.haystack like ${pattern}`;
  return sql`(
    with queued as materialized (
      select distinct contact_id from contact_search_queue where team_id = ${teamId} limit ${QUEUE_LOOKUP_LIMIT + 1}
    ), few_queued as materialized (
      select count(*) <= ${QUEUE_LOOKUP_LIMIT} as yes from queued
    )
    select c.*, m.matched from (
      select s.contact_id as id, true as matched from contact_search s
      where s.team_id = ${teamId} and ${indexed} and s.contact_id <> all(array(select contact_id from queued))
      union all
      select contact_id, false from queued
    ) m cross join lateral (
      select id, team_id, name, email, phone, created_at from contacts where contacts.id = m.id limit 1
    ) c
    where (select yes from few_queued)
    union all
    select c.*, false from few_queued cross join lateral (
      select id, team_id, name, email, phone, created_at from contacts where team_id = ${teamId} and not few_queued.yes
    ) c
  ) c`;
}

/**
 * searchConditions for the rows of searchSource. A contact the index found and
 * that is not queued has matched the whole search on its indexed text, which is
 * its current text (the indexer takes a contact off the queue and writes its
 * text in one transaction, and a change queues it again in the change's own), so
 * only the others are checked on the row: that check folds accents with
 * translate(), some microseconds a contact, and a search reads hundreds of them.
 */
export function searchSourceConditions(filter: ContactFilter, pattern: string, after: Cursor | null) {
  return searchConditions(filter, pattern, after, sql`c.matched`);
}

/**
 * The Contacts page filters (and a keyset position) on the `c` rows of a search;
 * the text is checked on the row unless `matched` (an SQL condition) says it matched already.
 */
export function searchConditions(
  filter: ContactFilter,
  pattern: string,
  after: Cursor | null,
  matched: RawBuilder<unknown> = sql`false`,
) {
  const keyset = after ? sql`and (c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const phone =
    filter.hasPhone === "yes"
      ? sql`and c.phone is not null`
      : filter.hasPhone === "no"
        ? sql`and c.phone is null`
        : sql``;
  return sql`c.team_id = ${filter.teamId} and (${matched} or ${searchHaystack("c")} like ${pattern}) ${phone} ${keyset}`;
}

/** The text a LIKE pattern of searchPattern() looks for, unescaped. */
function likeTerm(pattern: string): string {
  return pattern.slice(1, -1).replace(/\\(.)/g, "$1");
}

/**
 * The word of a search the trigram index is asked for. Searching for the whole
 * text makes the index intersect the trigrams of every word in it, and a word
 * most contacts share ("gmail", a company's domain) has a list of entries as long
 * as the table: "person.4242" cost 30 times more than "4242" alone. So the index
 * gets a single word, the one most likely to be rare: the one with the most
 * digits, then the longest. Every word of the search is part of it, so the
 * answer is the same whichever word is chosen; only the time differs. Null when
 * no word is long enough (three characters) to give the index a trigram.
 */
export function indexWord(term: string): string | null {
  const words = term.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  let best: string | null = null;
  let bestScore = -1;
  for (const word of words) {
    const score = (word.match(/\p{N}/gu)?.length ?? 0) * 1000 + word.length;
    if (score > bestScore) [best, bestScore] = [word, score];
  }
  return best;
}
