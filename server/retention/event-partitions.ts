import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** Months made ahead of the clock, so the default partition only ever catches stragglers. */
export const EVENT_PARTITION_MONTHS_AHEAD = 3;
// A partition waits rather than make ingestion or a reader queue behind it: ATTACH needs
// SHARE UPDATE EXCLUSIVE on events and ACCESS EXCLUSIVE on the default partition; a
// month made tomorrow is still made months ahead.
const PARTITION_LOCK_TIMEOUT = "5s";

/** One month partition of `events`: its table and the UTC month it holds, `[from, to)`. */
export type EventPartition = { table: string; from: Date; to: Date };

const MONTH_TABLE = /^events_(\d{4})_(\d{2})$/;

/** The UTC month partition a table name stands for, or null for the default partition or any other table. */
export function monthOfPartition(table: string): EventPartition | null {
  const match = MONTH_TABLE.exec(table);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { table, from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
}

/**
 * The partitions of `events`, oldest month first, the default partition (`events_default`,
 * with no month) last. Month partitions are named by `create_events_month_partition`
 * after their UTC month, so the name says what they hold.
 */
export async function listEventPartitions(db: Database): Promise<{ months: EventPartition[]; other: string[] }> {
  const { rows } = await sql<{ table: string }>`
    select c.relname as "table" from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'events'::regclass order by c.relname
  `.execute(db);
  const months: EventPartition[] = [];
  const other: string[] = [];
  for (const { table } of rows) {
    const month = monthOfPartition(table);
    if (month) months.push(month);
    else other.push(table);
  }
  return { months, other };
}

/**
 * Makes the month partitions of `events` for the month of `now` and the `monthsAhead`
 * after it (UTC months), each in its own short transaction; a month that exists is left
 * as it is, so running it again, or on two workers at once, changes nothing. Events
 * that already landed in the default partition for a month being made move into it.
 * Returns the tables it made.
 */
export async function createEventPartitionsAhead(
  db: Database,
  options: { now: Date; monthsAhead?: number },
): Promise<string[]> {
  const ahead = options.monthsAhead ?? EVENT_PARTITION_MONTHS_AHEAD;
  const made: string[] = [];
  for (let step = 0; step <= ahead; step++) {
    const month = new Date(Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth() + step, 1));
    const created = await db.transaction().execute(async (trx) => {
      await sql`select set_config('lock_timeout', ${PARTITION_LOCK_TIMEOUT}, true)`.execute(trx);
      const { rows } = await sql<{ created: boolean }>`
        select create_events_month_partition(${month}::timestamptz) as created
      `.execute(trx);
      return rows[0]?.created ?? false;
    });
    if (created) made.push(`events_${month.toISOString().slice(0, 7).replace("-", "_")}`);
  }
  return made;
}
