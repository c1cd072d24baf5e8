import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** Rows deleted per statement: each statement stays short, whatever the team's size. */
const DELETE_BATCH = 5000;

/**
 * Deletes a team and everything it holds. Tables written on hot paths (events, the
 * ledger, queues) carry `team_id` without a foreign key (decisions 007, 010), so a
 * cascade from `teams` would miss them: every table with a `team_id` column is found in
 * the catalog and emptied of the team's rows a batch at a time, then the team row goes
 * and the foreign keys cascade the rest (members, sessions, segment members, engagement).
 * Reading the catalog means a team-scoped table added later is covered without a change here.
 * Each batch commits on its own: an interrupted delete is finished by running it again.
 */
export async function deleteTeamData(db: Database, options: { teamId: string }): Promise<void> {
  // Plain tables only (relkind 'r'), partitions included: a partitioned table (events) is
  // emptied through its partitions, because a ctid names a row only within one of them.
  const { rows: tables } = await sql<{ table: string }>`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'team_id' and not a.attisdropped
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'teams'
    order by c.relname
  `.execute(db);
  for (const { table } of tables) {
    const ref = sql.table(table);
    for (;;) {
      const result = await sql`
        delete from ${ref} where ctid = any(array(select ctid from ${ref} where team_id = ${options.teamId} limit ${DELETE_BATCH}))
      `.execute(db);
      if (Number(result.numAffectedRows ?? 0) < DELETE_BATCH) break;
    }
  }
  await db.deleteFrom("teams").where("id", "=", options.teamId).execute();
}
