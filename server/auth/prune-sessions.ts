import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** How long an ended session is kept, so a recent sign-out or expiry can still be looked into. */
export const ENDED_SESSION_RETENTION_DAYS = 7;
// Small enough that one delete holds its row locks only briefly, large enough that a
// backlog of millions clears in a few hundred statements.
const PRUNE_BATCH = 10_000;

/**
 * Deletes sessions that ended (expired or were revoked, whichever came first) more
 * than `retentionDays` before `now`, `batchSize` rows a statement until none are left.
 * Live sessions and those ended within the retention are never touched. Each batch is
 * its own statement, found through sessions_ended_at_idx, so sign-ins go on meanwhile.
 * Returns how many were deleted.
 */
export async function pruneEndedSessions(
  db: Database,
  options: { now: Date; retentionDays?: number; batchSize?: number },
): Promise<number> {
  const retentionDays = options.retentionDays ?? ENDED_SESSION_RETENTION_DAYS;
  const batchSize = options.batchSize ?? PRUNE_BATCH;
  const endedBefore = new Date(options.now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    // The expression matches the index's exactly, or the planner cannot use it.
    const result = await sql`
      delete from sessions
      where id in (
        select id from sessions
        where least(expires_at, revoked_at) < ${endedBefore}
        limit ${batchSize}
      )
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
