import { AppError } from "#server/errors.ts";
import { realWaitClock, type WaitClock } from "#server/wait-clock.ts";

/**
 * How long a chunk sent with `afterPrevious` waits for the chunk before it. The
 * browser sends the next chunk while the previous one is being written; the previous
 * one is then usually applied within a second, or sent again within some ten
 * (the browser sends a lost or unanswered request again after 1, 2, 4, 8 and 15 seconds).
 */
export const PREVIOUS_CHUNK_WAIT_MS = 60_000;

/** Thrown by one try of a chunk's transaction when the chunk before it is not applied yet. */
export class PreviousChunkPending extends Error {}

/**
 * Runs `apply` (one try of a chunk's transaction, which throws PreviousChunkPending
 * and rolls back while the chunk before it is missing) until the previous chunk is
 * there. A previous chunk being written holds the import's row lock, so `apply`
 * itself waits for it to commit; trying again on a timer only covers a previous chunk
 * that has not reached the database yet: it may still be on its way, in another web
 * process, or about to be sent again after a network error. The wait is measured on
 * `clock` (the real one unless given).
 */
export async function afterPreviousChunk<T>(
  apply: () => Promise<T>,
  options: { chunkIndex: number; waitMs: number; clock?: WaitClock },
): Promise<T> {
  const clock = options.clock ?? realWaitClock;
  const deadline = clock.now() + options.waitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await apply();
    } catch (error) {
      if (!(error instanceof PreviousChunkPending)) throw error;
      if (clock.now() + pause > deadline) {
        throw new AppError(
          "CONFLICT",
          `Chunk ${options.chunkIndex - 1} of this import has not arrived, and chunks are applied in file order. Send the import again from chunk ${options.chunkIndex - 1}.`,
        );
      }
      await clock.sleep(pause);
    }
  }
}
