import { log } from "#server/log.ts";

// Work an answer must not wait for (a mail to send), so the answer takes the same
// time whatever the work is. Kept in a set so tests and shutdown can wait for it.
const pending = new Set<Promise<void>>();

/** Runs `work` after the current answer; a failure is logged, never thrown at the client. */
export function runInBackground(name: string, work: () => Promise<void>): void {
  const task = Promise.resolve()
    .then(work)
    .catch((error: unknown) => log.error({ err: error, task: name }, "background task failed"))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every task started so far has finished. */
export async function settleBackground(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
