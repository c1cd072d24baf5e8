import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { IMPORT_QUIET_MS, importShare } from "./import-share.ts";
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

// The indexers running in this process, woken when a chunk of an import here commits.
const running = new Set<() => void>();
const share = importShare();

/**
 * Tells the search indexers of this process that contacts were just queued (an
 * import's chunk committed), so they start on them at once instead of at their
 * next look; `importEnded` when the import has closed, so every lane starts on
 * what is left without waiting for IMPORT_QUIET_MS. An indexer in another process
 * finds them at its next look (SEARCH_INDEXER_IDLE_MS); a search reads the queue
 * meanwhile, so it is right either way. `queued` counts the contacts a chunk wrote,
 * an upper bound of those it queued (IMPORT_CATCH_UP_SECONDS): an update that changes
 * nothing searchable queues nothing.
 */
export function wakeSearchIndexers(options: { importEnded?: boolean; queued?: number } = {}): void {
  if (options.importEnded) share.importEnded();
  // Counted only where an indexer runs to take them.
  else share.chunkCommitted(running.size > 0 ? (options.queued ?? 0) : 0, performance.now());
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

  // While an import's chunks keep coming, the lanes share the cores with it (server/contacts/import-share.ts).
  const importBusyFor = () => share.waitMs(lane, performance.now());
  const drain = async () => {
    while (!stopped && importBusyFor() <= 0) {
      wokenMeanwhile = false;
      const started = performance.now();
      const count = await indexQueuedContacts(db, share.takesEveryLane(lane, started) ? {} : { lane });
      share.indexed(count, (performance.now() - started) / 1000);
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
        if (!stopped) timer = setTimeout(tick, importBusyFor() || idleMs);
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
