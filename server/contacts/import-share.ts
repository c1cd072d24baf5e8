/**
 * While chunks of an import keep committing in a process, only the first lane's
 * indexer works, and it takes the contacts of every lane, chunk after chunk; the
 * others start once none has come for this long, so that the import keeps a core
 * to itself and indexing after it has both. Had it taken only its own lane, half
 * of the import (the other lane's contacts) would be left for after the last chunk.
 */
export const IMPORT_QUIET_MS = 300;

/**
 * How long, at most, the indexers should need after an import's last chunk for what
 * it left queued. Where the first lane alone cannot keep pace with an import, the
 * backlog would otherwise grow with the import's size (a million rows left 8 to 22 s
 * of indexing after the last chunk on two cores). So once the backlog holds more than
 * one lane indexes in this long at the pace it keeps beside the import, every lane
 * works during the import too, each on its own lane, until the backlog is back under:
 * the import gives up part of its core, and only as much as this promise takes. After
 * the last chunk every lane has the cores, together at least as fast as one lane beside
 * the import (about twice as fast on two cores), so the promise errs on the safe side.
 */
export const IMPORT_CATCH_UP_SECONDS = 5;

/** The backlog allowed before the indexers have measured how fast they go. */
export const FIRST_BACKLOG_ALLOWANCE = 100_000;

// Batches smaller than this say more about a statement's fixed costs than about the rate.
const MEASURED_BATCH = 1000;

/**
 * What the indexers of one process know of the imports running in it, and when each
 * lane may work. Times are performance.now() milliseconds, passed in so tests can
 * control the clock.
 */
export type ImportShare = {
  /** An import's chunk committed, having written `queued` contacts (at most that many wait for the index). */
  chunkCommitted: (queued: number, now: number) => void;
  /** The import closed: every lane takes what is left, and the backlog count starts over. */
  importEnded: () => void;
  /** A lane indexed `count` contacts in `seconds`. */
  indexed: (count: number, seconds: number) => void;
  /** The backlog past which every lane works during an import. */
  allowance: () => number;
  /** How long the lane should wait before it indexes: 0 to work now. */
  waitMs: (lane: number, now: number) => number;
  /** Whether the lane, when it works, takes the contacts of every lane (the first lane alone at work). */
  takesEveryLane: (lane: number, now: number) => boolean;
};

export function importShare(): ImportShare {
  let lastChunkAt = -Infinity;
  // Contacts the imports queued that the indexers have not taken yet (an estimate:
  // another process's indexer may take some of them).
  let backlog = 0;
  // Contacts one lane indexes a second, averaged over its recent batches: while an
  // import runs, the pace it keeps beside it.
  let laneRate = 0;

  const allowance = () => (laneRate > 0 ? Math.round(IMPORT_CATCH_UP_SECONDS * laneRate) : FIRST_BACKLOG_ALLOWANCE);
  const importBusy = (now: number) => lastChunkAt + IMPORT_QUIET_MS > now;
  const backlogged = () => backlog > allowance();

  return {
    chunkCommitted: (queued, now) => {
      lastChunkAt = now;
      backlog += queued;
    },
    importEnded: () => {
      lastChunkAt = -Infinity;
      backlog = 0;
    },
    indexed: (count, seconds) => {
      backlog = Math.max(backlog - count, 0);
      if (count < MEASURED_BATCH || seconds <= 0) return;
      const rate = count / seconds;
      laneRate = laneRate > 0 ? 0.8 * laneRate + 0.2 * rate : rate;
    },
    allowance,
    waitMs: (lane, now) => (lane === 0 || backlogged() ? 0 : Math.max(lastChunkAt + IMPORT_QUIET_MS - now, 0)),
    takesEveryLane: (lane, now) => lane === 0 && importBusy(now) && !backlogged(),
  };
}
