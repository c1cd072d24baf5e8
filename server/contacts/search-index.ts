import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { textArrayLiteral } from "#db/array-literals.ts";
import { log } from "#server/log.ts";
import { binaryInt4Array } from "./binary-int4-array.ts";
import { foldAccentsSql, foldLoweredAccents } from "./fold-accents.ts";
import { appendSearchTrigrams } from "./search-trigrams.ts";

/**
 * name, email and phone in one lower-cased string, before the accents are folded:
 * murmur_lower() lower-cases every script, where lower() under the C locale leaves
 * "ШЕВЧЕНКО" as it is (migrations/2026-11-24T1640-unicode-lower.ts).
 */
function searchTextSql(table: string) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<string>`murmur_lower(coalesce(${column("name")}, '') || ' ' || coalesce(${column("email")}, '') || ' ' || coalesce(${column("phone")}, ''))`;
}

/**
 * What a Contacts search is matched against: name, email and phone in one
 * lower-cased string with accents folded (server/contacts/fold-accents.ts), so
 * "zoe" finds "Zoë". contact_search holds it per contact, with its trigrams
 * (searchTrigrams) for the index; a contact still queued for indexing is checked
 * on its row itself.
 */
export function searchHaystack(table: string) {
  return foldAccentsSql(searchTextSql(table));
}

/**
 * Contacts indexed per transaction: an import's chunk (CSV_CHUNK_ROWS), so that
 * during an import each chunk is indexed as soon as it commits, and the rows the
 * indexer holds in memory at once stay few.
 */
export const SEARCH_INDEX_BATCH = 5_000;

/**
 * The queue is indexed in this many lanes, each contact always in the same one
 * (by the last byte of its id), so that as many indexers can work at once, one a
 * lane, without two ever writing the same contact.
 */
export const SEARCH_INDEX_LANES = 2;

/**
 * Moves up to `limit` queued contacts of one lane (of every lane when none is
 * given) into contact_search and takes them off the queue, in one transaction;
 * returns how many queue rows it took. One indexer works on a lane at a time (an
 * advisory lock): two could otherwise write one contact's text from snapshots
 * taken in the wrong order. Returns 0 when the queue is empty or another indexer
 * holds the lane. The text written is searchHaystack's, folded here
 * (foldLoweredAccents) rather than by translate() in SQL, which cost the indexer
 * about as much as the trigram index itself, with its index keys (searchTrigrams),
 * which are computed here too. Contacts queued by an import carry
 * its trace id; a line per trace id says how many of them it indexed.
 */
export async function indexQueuedContacts(
  db: Database,
  options: { limit?: number; lane?: number } = {},
): Promise<number> {
  const limit = options.limit ?? SEARCH_INDEX_BATCH;
  const lanes = options.lane === undefined ? [...Array(SEARCH_INDEX_LANES).keys()] : [options.lane];
  const inLane =
    options.lane === undefined
      ? sql`true`
      : sql`get_byte(uuid_send(contact_id), 15) % ${SEARCH_INDEX_LANES} = ${options.lane}`;
  const taken = await db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      select bool_and(pg_try_advisory_xact_lock(hashtextextended('contact_search_indexer', lane))) as locked
      from unnest(${lanes}::int[]) lane
    `.execute(trx);
    if (!lock.rows[0]?.locked) return { count: 0, traces: {} };
    // One row even when every contact taken has been deleted since, to carry the count.
    const result = await sql<{
      taken: number;
      traces: Record<string, number>;
      id: string | null;
      teamId: string | null;
      text: string | null;
    }>`
      with taken as (
        delete from contact_search_queue
        where ctid = any(array(select ctid from contact_search_queue where ${inLane} limit ${limit}))
        returning contact_id, trace_id
      )
      select t.taken, t.traces, c.id, c.team_id as "teamId", c.text
      from (
        select coalesce(sum(n), 0)::int as taken,
          coalesce(jsonb_object_agg(trace_id, n) filter (where trace_id is not null), '{}'::jsonb) as traces
        from (select trace_id, count(*)::int as n from taken group by trace_id) per_trace
      ) t
      left join lateral (
        select c.id, c.team_id, ${searchTextSql("c")} as text from contacts c
        -- In id order, one index scan finds the batch's contacts leaf page by leaf page
        -- (an import's are neighbours), instead of a descent of the primary key for each.
        where c.id = any(array(select contact_id from taken order by 1))
      ) c on true
    `.execute(trx);
    const contacts = result.rows.filter((row) => row.id !== null);
    if (contacts.length > 0) {
      const texts = contacts.map((c) => foldLoweredAccents(c.text!));
      // Every contact's trigrams in one array, the n-th contact's from bounds[n] to bounds[n + 1].
      const trigrams: number[] = [];
      const bounds = [0];
      for (const text of texts) {
        appendSearchTrigrams(text, trigrams);
        bounds.push(trigrams.length);
      }
      await sql`
        insert into contact_search (contact_id, team_id, haystack, trigrams)
        select u.id, u.team_id, u.haystack, (${binaryInt4Array(trigrams)}::int4[])[b.bounds[u.n] + 1 : b.bounds[u.n + 1]]
        from unnest(
          ${textArrayLiteral(contacts.map((c) => c.id))}::uuid[],
          ${textArrayLiteral(contacts.map((c) => c.teamId))}::uuid[],
          ${textArrayLiteral(texts)}::text[]
        ) with ordinality u(id, team_id, haystack, n),
        (select ${binaryInt4Array(bounds)}::int4[] as bounds) b
        on conflict (contact_id) do update
        set haystack = excluded.haystack, trigrams = excluded.trigrams, team_id = excluded.team_id
        where (contact_search.haystack, contact_search.trigrams) is distinct from (excluded.haystack, excluded.trigrams)
      `.execute(trx);
    }
    return { count: result.rows[0]?.taken ?? 0, traces: result.rows[0]?.traces ?? {} };
  });
  for (const [traceId, contacts] of Object.entries(taken.traces)) {
    log.info({ traceId, contacts }, "contacts indexed for search");
  }
  return taken.count;
}

/** How many contacts wait for the search index, for monitoring and the benchmarks. */
export async function countQueuedContacts(db: Database): Promise<number> {
  const row = await db
    .selectFrom("contactSearchQueue")
    .select((eb) => eb.fn.countAll<number>().as("queued"))
    .executeTakeFirstOrThrow();
  return row.queued;
}
