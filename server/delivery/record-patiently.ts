import { isDatabaseUnavailable } from "#db/database-unavailable.ts";
import { realWaitClock, type WaitClock } from "#server/wait-clock.ts";

/**
 * Runs `record` (writing answers a provider already gave) until it succeeds, trying again
 * while the database is unreachable (a restart, a failover) for up to `forMs` on `clock`;
 * any other failure, or the database still away after that, is thrown. An answer lost
 * here would leave its message `sending` until its lease lapses into an unknown outcome,
 * though it was sent; the caller gives it the lease's length, after which that is what
 * other workers will conclude anyway.
 */
export async function recordPatiently(
  record: () => Promise<void>,
  options: { forMs: number; clock?: WaitClock },
): Promise<void> {
  const clock = options.clock ?? realWaitClock;
  const deadline = clock.now() + options.forMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 2000)) {
    try {
      return await record();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || clock.now() + pause > deadline) throw error;
      await clock.sleep(pause);
    }
  }
}
