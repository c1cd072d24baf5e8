/**
 * The time seen by code that waits and gives up after a while (a chunk waiting for the
 * chunk before it, a retry loop). Production uses the real one; passing one in lets a
 * caller decide when time passes, so how long a wait lasts never depends on how fast
 * the machine runs.
 */
export type WaitClock = {
  /** Milliseconds since some fixed moment; only differences are used. */
  now(): number;
  /** Resolves once `ms` have passed on this clock. */
  sleep(ms: number): Promise<void>;
};

export const realWaitClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
