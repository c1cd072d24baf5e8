import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { PruneBudget, PruneResult } from "./prune-events.ts";

/**
 * The tables kept for a number of days, each with the time column it is pruned by.
 * Each has a BRIN index on that column: rows arrive in time order, so the index is a
 * few pages and costs writers almost nothing.
 */
const PRUNED_BY = {
  // Opens, clicks and unsubscribes; the analytics rollups and each delivery's first
  // open and click are kept apart and stay.
  engagement_events: "occurred_at",
  // The built-in channel's sent messages; the delivery ledger keeps each message's fate.
  outbox_messages: "created_at",
  // The messageIds of the dedup window (decision 010).
  event_message_ids: "received_at",
} as const;

export type DatedTable = keyof typeof PRUNED_BY;

/**
 * Deletes the rows of `table` (of every team) dated before `before`, `batchSize` a
 * statement, at most `maxBatches` statements; rows dated at or after it stay.
 */
export async function pruneRowsBefore(
  db: Database,
  options: { table: DatedTable; before: Date } & PruneBudget,
): Promise<PruneResult> {
  const { table, before, batchSize } = options;
  const column = PRUNED_BY[table];
  let deleted = 0;
  let batches = 0;
  for (;;) {
    if (batches >= options.maxBatches) return { deleted, batches, done: false };
    batches++;
    const result = await sql`
      delete from ${sql.table(table)} where ctid = any(array(
        select ctid from ${sql.table(table)} where ${sql.ref(column)} < ${before} limit ${batchSize}
      ))
    `.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < batchSize) return { deleted, batches, done: true };
  }
}
