import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** How long the audit log keeps an entry, as the product promises. */
export const AUDIT_LOG_RETENTION_DAYS = 400;
// One statement holds its row locks briefly, and a backlog of millions still clears in
// a few hundred statements.
const PRUNE_BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes audit log entries, of every team, recorded more than `retentionDays` (400)
 * before `now`, `batchSize` rows a statement (found through audit_log_created_idx)
 * until none are left, so recording goes on meanwhile. Entries within the retention
 * are never touched. Returns how many were deleted.
 */
export async function pruneAuditLog(
  db: Database,
  options: { now: Date; retentionDays?: number; batchSize?: number },
): Promise<number> {
  const retentionDays = options.retentionDays ?? AUDIT_LOG_RETENTION_DAYS;
  const batchSize = options.batchSize ?? PRUNE_BATCH;
  const before = new Date(options.now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from audit_log
      where id in (select id from audit_log where created_at < ${before} limit ${batchSize})
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
