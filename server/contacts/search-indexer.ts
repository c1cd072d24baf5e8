import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { indexQueuedContacts, SEARCH_INDEX_LANES } from "./search-index.ts";

/** How often an idle indexer looks at the queue when nothing in its own process has woken it. */
export const SEARCH_INDEXER_IDLE_MS = 1000;

export type SearchIndexer = {
  /** Resolves once no lane is draining: what was queued when a lane last looked is indexed. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

// Contacts taken off the queue between two vacuums of it.
const VACUUM_AFTER = 20_000;

/**
 * While chunks of an import keep committing in this process, only the first lane's
 * indexer works, and it takes the contacts of every lane, chunk after chunk; the
 * others start once none has come for this long, so that the import keeps a core
 * to itself and indexing after it has both. Had it taken only its own lane, half
 * of the import (the other lane's contacts) would be left for after the last chunk.
 */
export const IMPORT_QUIET_MS = 300;

// The indexers running in this process, woken when a chunk of an import here commits.
const running = new Set<() => void>();
let lastChunkAt = -Infinity;

/**
 * Tells the search indexers of this process that contacts were just queued (an
 * import's chunk committed), so they start on them at once instead of at their
 * next look; `importEnded` when the import has closed, so every lane starts on
 * what is left without waiting for IMPORT_QUIET_MS. An indexer in another process
 * finds them at its next look (SEARCH_INDEXER_IDLE_MS); a search reads the queue
 * meanwhile, so it is right either way.
 */
export function wakeSearchIndexers(options: { importEnded?: boolean } = {}): void {
  lastChunkAt = options.importEnded ? -Infinity : performance.now();
  for (const wake of running) wake();
}

/**
 * Keeps contact_search current in a worker process, one drain loop a lane
 * (SEARCH_INDEX_LANES), so that both cores work on a backlog: each drains its
 * lane batch by batch whenever it has rows, then waits until woken
 * (wakeSearchIndexers) or `idleMs` has passed. It indexes while an import writes,
 * each chunk as soon as it commits: the contacts are then in the index within
 * seconds of the last chunk, instead of all of them waiting for the end of the import.
 */
export function startSearchIndexer(db: Database, options: { idleMs?: number } = {}): SearchIndexer {
  const idleMs = options.idleMs ?? SEARCH_INDEXER_IDLE_MS;
  // Counted across drains and lanes: during an import each drain takes only the latest chunk.
  const taken = { sinceVacuum: 0 };
  const lanes = [...Array(SEARCH_INDEX_LANES).keys()].map((lane) => startLane(db, lane, idleMs, taken));
  return {
    settled: async () => void (await Promise.all(lanes.map((lane) => lane.settled()))),
    stop: async () => void (await Promise.all(lanes.map((lane) => lane.stop()))),
  };
}

function startLane(db: Database, lane: number, idleMs: number, taken: { sinceVacuum: number }) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  // A wake-up that came while a drain was under way: that drain may have looked at the queue before the rows came.
  let wokenMeanwhile = false;

  const importBusyFor = () => (lane === 0 ? 0 : lastChunkAt + IMPORT_QUIET_MS - performance.now());
  // While an import's chunks keep coming, the first lane takes every lane's contacts (IMPORT_QUIET_MS).
  const following = () => lane === 0 && lastChunkAt + IMPORT_QUIET_MS > performance.now();
  const drain = async () => {
    while (!stopped && importBusyFor() <= 0) {
      wokenMeanwhile = false;
      const count = await indexQueuedContacts(db, following() ? {} : { lane });
      taken.sinceVacuum += count;
      if (count === 0 && !wokenMeanwhile) break;
    }
    // Searches scan the queue, which has no index: give its emptied pages back at once
    // rather than when autovacuum comes round. One lane does it, so two never wait on each other.
    if (lane === 0 && taken.sinceVacuum >= VACUUM_AFTER) {
      taken.sinceVacuum = 0;
      await sql`vacuum contact_search_queue`.execute(db);
    }
  };
  const tick = () => {
    clearTimeout(timer);
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, "contact search indexing failed"))
      .finally(() => {
        draining = null;
        if (!stopped) timer = setTimeout(tick, Math.max(importBusyFor(), 0) || idleMs);
      });
  };
  const wake = () => {
    if (stopped) return;
    if (draining) wokenMeanwhile = true;
    else if (importBusyFor() <= 0) tick();
    else {
      clearTimeout(timer);
      timer = setTimeout(tick, IMPORT_QUIET_MS);
    }
  };
  running.add(wake);
  tick();
  return {
    settled: async () => {
      while (draining) await draining;
    },
    stop: async () => {
      stopped = true;
      running.delete(wake);
      clearTimeout(timer);
      await draining;
    },
  };
}
