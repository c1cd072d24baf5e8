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
  const { rows: tables } = await sql<{ table: string }>`
    select c.table_name as table from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'team_id' and t.table_type = 'BASE TABLE'
      and c.table_name <> 'teams'
    order by c.table_name
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
