import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { listEventPartitions } from "./event-partitions.ts";

// DROP of a partition takes ACCESS EXCLUSIVE on events, so it waits at most this long
// for readers and writers to finish; then it gives up and the rows go by the batched
// deletes instead (DETACH ... CONCURRENTLY is refused while a default partition exists).
const DROP_LOCK_TIMEOUT = "2s";

/**
 * Drops the month partitions of `events` that no team keeps: only when every team keeps
 * events for a number of months (one team that keeps them forever keeps every month),
 * and only months that end at or before the oldest time any team still keeps. This is
 * the cheap path of retention (no row-by-row delete, no vacuum after); the rows of
 * partitions some team still keeps go by `pruneTeamEvents`. A drop that cannot get its
 * lock within two seconds is skipped. Returns the tables dropped.
 */
export async function dropUnkeptEventPartitions(db: Database, options: { now: Date }): Promise<string[]> {
  const { rows } = await sql<{ teams: number; forever: number; keptFrom: Date | null }>`
    select count(*)::int as teams,
      count(*) filter (where event_retention_months is null)::int as forever,
      min((${options.now}::timestamptz at time zone 'UTC' - make_interval(months => event_retention_months)) at time zone 'UTC')
        as "keptFrom"
    from teams
  `.execute(db);
  const { teams, forever, keptFrom } = rows[0] ?? { teams: 0, forever: 0, keptFrom: null };
  if (teams === 0 || forever > 0 || !keptFrom) return [];
  const { months } = await listEventPartitions(db);
  const dropped: string[] = [];
  for (const month of months.filter((m) => m.to <= keptFrom)) {
    const drop = async (trx: Database) => {
      await sql`select set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`.execute(trx);
      await sql`drop table ${sql.table(month.table)}`.execute(trx);
    };
    try {
      // Inside a caller's transaction (a test that rolls back) the drop is part of it.
      await (db.isTransaction ? drop(db) : db.transaction().execute(drop));
      dropped.push(month.table);
    } catch (error) {
      // 55P03 lock_not_available: busy now; tomorrow's run, or the batched deletes, will do.
      if ((error as { code?: string }).code !== "55P03") throw error;
    }
  }
  return dropped;
}
