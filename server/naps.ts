/**
 * Sleeps a polling loop can be woken from: `stop()` of a worker loop wakes every loop
 * sleeping on it at once rather than waiting out their poll interval.
 */
export function naps(): { sleep: (ms: number) => Promise<void>; wakeAll: () => void } {
  const sleepers = new Set<() => void>();
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        sleepers.add(done);
      }),
    wakeAll: () => {
      for (const wake of [...sleepers]) wake();
    },
  };
}
