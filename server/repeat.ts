import { log } from "./log.ts";

/**
 * Runs `task` every `ms` on a worker, never two runs at once (the next waits for the
 * last to end); a failure is logged under `name` and the next run goes ahead.
 */
export function repeat(ms: number, name: string, task: () => Promise<void>): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      await task();
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    }
    if (!stopped) timer = setTimeout(run, ms);
  };
  timer = setTimeout(run, ms);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
