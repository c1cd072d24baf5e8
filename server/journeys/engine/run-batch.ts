import { sql } from "kysely";
import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { advanceRuns, forgetTeamZones } from "./advance.ts";
import { claimDueRuns, saveRuns } from "./claim.ts";
import { StepTally } from "./stats.ts";
import { forgetStepCampaigns } from "./step-campaigns.ts";
import { loadVersions } from "./versions.ts";

/** Runs a batch takes at most: one transaction's worth of locks, ledger rows and job inserts. */
export const RUN_BATCH_SIZE = 500;

/**
 * One batch of the journey runtime, in one transaction: claims the runs due at
 * `now` (skipping those another worker holds), moves each as far as it goes,
 * writes the runs, their messages (ledger rows and chunk jobs) and the step
 * counters together. A crash anywhere rolls the whole batch back, so the runs are
 * claimed again and nothing is half done. Returns how many runs it moved.
 */
export async function runJourneyBatch(
  db: Database,
  boss: PgBoss,
  options: { now: Date; limit?: number },
): Promise<number> {
  const { now } = options;
  try {
    return await db.transaction().execute(async (trx) => {
      const runs = await claimDueRuns(trx, { now, limit: options.limit ?? RUN_BATCH_SIZE });
      if (runs.length === 0) return 0;
      const versions = await loadVersions(
        trx,
        runs.map((run) => ({ journeyId: run.journeyId, version: run.version })),
      );
      const tally = new StepTally();
      const ledgerWrites: (() => Promise<void>)[] = [];
      await advanceRuns({ trx, boss, now, versions, tally, ledgerWrites }, runs);
      await saveRuns(trx, runs, now);
      await tally.write(trx);
      // Last: from the first delivery written until commit, the chunks sending the campaign wait for its totals row.
      for (const write of ledgerWrites) await write();
      return runs.length;
    });
  } catch (error) {
    forgetStepCampaigns();
    throw error;
  } finally {
    forgetTeamZones();
  }
}

/**
 * Finishes the unfinished runs of stopped journeys with outcome 'stopped', a
 * bounded batch at a time (the step counters are not touched: "stopped" is the
 * journey's state, not something a contact did). Returns how many it finished.
 * The runs are taken by the open runs' index of the stopped journeys (the function of
 * migration 2026-11-29T1910 says why), so a turn with none to finish costs next to nothing.
 */
export async function finishStoppedRuns(db: Database, options: { now: Date; limit?: number }): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    update journey_runs r set status = 'finished', outcome = 'stopped', wake_at = null, awaiting_event = null,
      awaiting_match = null, finished_at = ${options.now}, updated_at = ${options.now}
    where r.id = any(array(select claim_stopped_journey_runs(${options.limit ?? RUN_BATCH_SIZE})))
    returning r.id`.execute(db);
  return rows.length;
}
