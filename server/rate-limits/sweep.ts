import { sql } from "kysely";
import type { Database } from "#db/database.ts";

// Counters of clients that never come back would pile up; each process deletes
// expired ones now and then, a bounded batch at a time, so the table stays the
// size of the live windows and no request waits on a long delete.
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1000;
let nextSweepAt = 0;

/** Deletes up to SWEEP_BATCH expired counters, at most once a minute per process. */
export async function sweepExpiredCounters(db: Database, now: Date): Promise<void> {
  if (now.getTime() < nextSweepAt) return;
  nextSweepAt = now.getTime() + SWEEP_EVERY_MS;
  await sql`
    delete from rate_limit_counters
    where ctid in (select ctid from rate_limit_counters where expires_at < ${now} limit ${SWEEP_BATCH})
  `.execute(db);
}
