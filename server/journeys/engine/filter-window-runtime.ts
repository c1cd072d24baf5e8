import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { naps } from "#server/naps.ts";
import { sweepEntryWindowBatch } from "./filter-window-entries.ts";
import { syncEntryWindows } from "./filter-window-sync.ts";

/** How often an idle worker looks for a due window: a contact who drifted in enters within about this long. */
export const WINDOW_POLL_MS = 1000;
/** How often the watched sources are brought in line with the live journeys and their segments' filters. */
export const WINDOW_SYNC_MS = 15_000;

/**
 * Starts the window sweep on a worker: one loop that brings the watched sources in
 * line every WINDOW_SYNC_MS (a journey gone live, a segment's filter edited) and
 * otherwise takes due batches until none is due, then sleeps WINDOW_POLL_MS. An
 * idle poll is one read of the next_check_at index, since each source says when its
 * next row leaves its window: no rescan of the team's contacts on a timer.
 */
export function startEntryWindowSweeps(
  db: Database,
  options: { now?: () => Date } = {},
): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  let stopped = false;
  const { sleep, wakeAll } = naps();
  let syncedAt = 0;
  const loop = async () => {
    while (!stopped) {
      try {
        if (now().getTime() - syncedAt >= WINDOW_SYNC_MS) {
          await syncEntryWindows(db, { now: now() });
          syncedAt = now().getTime();
        }
        while (!stopped && (await sweepEntryWindowBatch(db, { now: now() })));
      } catch (error) {
        log.error({ err: error }, "journey window sweep failed");
      }
      if (!stopped) await sleep(WINDOW_POLL_MS);
    }
  };
  const running = loop();
  return {
    stop: async () => {
      stopped = true;
      wakeAll();
      await running;
    },
  };
}
