import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { listEventPartitions } from "./event-partitions.ts";

/** Events a delete statement removes at most: its row locks and WAL stay small, and ingestion goes on. */
export const EVENT_PRUNE_BATCH = 5_000;

export type PruneBudget = { batchSize: number; maxBatches: number };
/** Rows deleted, statements run, and whether nothing is left to delete (false: the budget ran out first). */
export type PruneResult = { deleted: number; batches: number; done: boolean };

/**
 * The teams that keep events for a number of months, each with the time before which
 * its events go: `now` less that many calendar months, in UTC (31 March less one month
 * is 28 or 29 February, as PostgreSQL counts).
 */
export async function listEventRetentionCutoffs(
  db: Database,
  options: { now: Date },
): Promise<{ teamId: string; before: Date }[]> {
  const { rows } = await sql<{ teamId: string; before: Date }>`
    select id as "teamId",
      (${options.now}::timestamptz at time zone 'UTC' - make_interval(months => event_retention_months)) at time zone 'UTC'
        as before
    from teams where event_retention_months is not null order by id
  `.execute(db);
  return rows;
}

/**
 * Deletes the team's events that occurred before `before`, partition by partition
 * (only those whose month starts before it, and the default one), `batchSize` rows a
 * statement found through the (team, time) index, at most `maxBatches` statements that
 * delete rows (plus one probe a partition that has none left).
 * Events at or after `before` and other teams' events are never touched. `done` is
 * false when the budget ran out first: the caller runs it again.
 */
export async function pruneTeamEvents(
  db: Database,
  options: { teamId: string; before: Date } & PruneBudget,
): Promise<PruneResult> {
  const { teamId, before, batchSize } = options;
  const { months, other } = await listEventPartitions(db);
  const tables = [...months.filter((month) => month.from < before).map((month) => month.table), ...other];
  let deleted = 0;
  let batches = 0;
  for (const table of tables) {
    for (;;) {
      if (batches >= options.maxBatches) return { deleted, batches, done: false };
      // ctid within one partition: a TID scan of the rows the index found, no second index lookup.
      const result = await sql`
        delete from ${sql.table(table)} where ctid = any(array(
          select ctid from ${sql.table(table)} where team_id = ${teamId} and occurred_at < ${before} limit ${batchSize}
        ))
      `.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      // A partition where the team has nothing left costs one index probe, not a batch.
      if (count > 0) batches++;
      deleted += count;
      if (count < batchSize) break;
    }
  }
  return { deleted, batches, done: true };
}

/**
 * Applies every team's "Keep product events" setting: each team that keeps N months
 * loses the events that occurred more than N months before `now`, in bounded batches
 * (`maxBatches` statements in all, shared by the teams). Teams that keep events
 * forever are not read. Analytics are unchanged: they read rollups, which deleting
 * events does not touch.
 */
export async function pruneExpiredEvents(db: Database, options: { now: Date } & PruneBudget): Promise<PruneResult> {
  let deleted = 0;
  let batches = 0;
  for (const { teamId, before } of await listEventRetentionCutoffs(db, options)) {
    const maxBatches = options.maxBatches - batches;
    if (maxBatches <= 0) return { deleted, batches, done: false };
    const result = await pruneTeamEvents(db, { teamId, before, batchSize: options.batchSize, maxBatches });
    deleted += result.deleted;
    batches += result.batches;
    if (!result.done) return { deleted, batches, done: false };
  }
  return { deleted, batches, done: true };
}
