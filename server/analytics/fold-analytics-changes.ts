import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** How often a worker folds the counts of ended connections: their rows only pile up slowly. */
export const FOLD_CHANGES_MS = 60_000;

/**
 * Folds the change counts of connections that have ended into one row per team and
 * section (backend 0, which no connection has), so a team's rows stay about as many
 * as the connections open now, however many came and went. One statement: the rows
 * taken and the sum they add commit together, so a version read before or after it
 * is the same number. A new connection that gets an ended one's pid meanwhile waits
 * for this row's lock and then starts a row of its own. Returns the rows folded.
 */
export async function foldEndedWriters(db: Database): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with ended as (
      delete from analytics_changes counted
      where counted.backend <> 0
        and not exists (select from pg_stat_activity activity where activity.pid = counted.backend)
      returning counted.team_id, counted.section, counted.changes
    ), folded as (
      insert into analytics_changes as kept (team_id, section, backend, changes)
      select team_id, section, 0, sum(changes) from ended group by team_id, section
      on conflict (team_id, section, backend) do update set changes = kept.changes + excluded.changes
    )
    select count(*)::text as folded from ended
  `.execute(db);
  return Number(rows[0]?.folded ?? 0);
}
