import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { foldAccentsSql } from "./fold-accents.ts";

/**
 * What a Contacts search is matched against: name, email and phone in one
 * lower-cased string with accents folded (server/contacts/fold-accents.ts), so
 * "zoe" finds "Zoë". contact_search holds it per contact for the trigram index;
 * the search always checks it again on the contact row itself.
 */
export function searchHaystack(table: string) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return foldAccentsSql(
    sql<string>`lower(coalesce(${column("name")}, '') || ' ' || coalesce(${column("email")}, '') || ' ' || coalesce(${column("phone")}, ''))`,
  );
}

/**
 * Contacts indexed per transaction: large enough to batch the trigram index writes, small enough to keep each one
 * short.
 */
export const SEARCH_INDEX_BATCH = 20_000;

/**
 * Moves up to `limit` queued contacts into contact_search and takes them off
 * the queue, in one transaction; returns how many queue rows it took. One
 * indexer runs at a time (an advisory lock): two could otherwise write one
 * contact's text from snapshots taken in the wrong order. Returns 0 when the
 * queue is empty or another indexer holds the lock. Contacts queued by an import
 * carry its trace id; a line per trace id says how many of them it indexed.
 */
export async function indexQueuedContacts(db: Database, options: { limit?: number } = {}): Promise<number> {
  const limit = options.limit ?? SEARCH_INDEX_BATCH;
  const traces = await db.transaction().execute(async (trx) => {
    const lock = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtextextended('contact_search_indexer', 0)) as locked`.execute(trx);
    if (!lock.rows[0]?.locked) return [];
    const result = await sql<{ traceId: string | null; taken: number }>`
      with taken as (
        delete from contact_search_queue
        where ctid = any(array(select ctid from contact_search_queue limit ${limit}))
        returning contact_id, trace_id
      ),
      indexed as (
        insert into contact_search (contact_id, team_id, haystack)
        select c.id, c.team_id, ${searchHaystack("c")} from contacts c
        where c.id in (select contact_id from taken)
        on conflict (contact_id) do update set haystack = excluded.haystack, team_id = excluded.team_id
        where contact_search.haystack is distinct from excluded.haystack
      )
      select trace_id, count(*)::int as taken from taken group by trace_id
    `.execute(trx);
    return result.rows;
  });
  for (const { traceId, taken } of traces) {
    if (traceId) log.info({ traceId, contacts: taken }, "contacts indexed for search");
  }
  return traces.reduce((sum, trace) => sum + trace.taken, 0);
}

/** How many contacts wait for the search index, for monitoring and the benchmarks. */
export async function countQueuedContacts(db: Database): Promise<number> {
  const row = await db
    .selectFrom("contactSearchQueue")
    .select((eb) => eb.fn.countAll<number>().as("queued"))
    .executeTakeFirstOrThrow();
  return row.queued;
}

/**
 * Keeps contact_search current in a worker process: drains the queue batch by
 * batch whenever it has rows, then looks again every `idleMs`. It keeps indexing
 * while an import writes: an import's chunks wait on the client's parsing and
 * the round trips far more than on the database, so the index keeps pace on the
 * spare core and the contacts are in it within seconds of the last chunk
 * (waiting until the import ended left all of them to index after it: 22 s for
 * a million rows). Searches read the queue meanwhile, so they are right either way.
 */
export function startSearchIndexer(db: Database, options: { idleMs?: number } = {}): { stop: () => Promise<void> } {
  const idleMs = options.idleMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Counted across drains: during an import each drain takes only the latest chunk.
  let takenSinceVacuum = 0;

  const drain = async () => {
    while (!stopped) {
      const taken = await indexQueuedContacts(db);
      takenSinceVacuum += taken;
      if (taken === 0) break;
    }
    // Searches scan the queue, which has no index: give its emptied pages back at once
    // rather than when autovacuum comes round.
    if (takenSinceVacuum >= SEARCH_INDEX_BATCH) {
      await sql`vacuum contact_search_queue`.execute(db);
      takenSinceVacuum = 0;
    }
  };
  const tick = () => {
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, "contact search indexing failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, idleMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
