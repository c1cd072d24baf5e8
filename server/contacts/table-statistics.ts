import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/**
 * Refreshes the planner's statistics of the contacts table when a team alone
 * holds well over twice the rows the statistics know of. A bulk import grows the
 * table faster than autovacuum re-analyzes it, and with the table believed
 * nearly empty the planner looks a chunk's emails up through the wrong index,
 * reading the whole team for every row. ANALYZE samples a fixed number of rows,
 * so this costs a fraction of a second, a few times per million rows imported.
 */
export async function keepContactStatisticsCurrent(db: Database, teamId: string): Promise<void> {
  const result = await sql<{ known: number; teamTotal: number }>`
    select c.reltuples::float8 as known, coalesce((select total from team_contact_counts where team_id = ${teamId}), 0)::float8 as "teamTotal"
    from pg_class c where c.oid = 'contacts'::regclass
  `.execute(db);
  const row = result.rows[0];
  if (!row || row.teamTotal < 1_000) return;
  if (row.teamTotal > 2 * Math.max(row.known, 0)) await analyzeContacts(db);
}

// Two chunks in flight (or two imports) can find the statistics stale at the same
// moment: one ANALYZE is enough, and the other request goes on without waiting for it.
async function analyzeContacts(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      first: boolean;
    }>`select pg_try_advisory_xact_lock(hashtextextended('analyze contacts', 0)) as first`.execute(trx);
    if (rows[0]?.first) await sql`analyze contacts`.execute(trx);
  });
}
