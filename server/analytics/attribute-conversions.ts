import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { listGoalCampaigns, STORE_WINNERS, winnersOf } from "./conversion-claims.ts";

/** Goal events attributed per transaction: a few rollup batches' worth, in one short statement. */
export const CONVERSION_EVENTS_PER_ROUND = 2000;

/**
 * Takes up to `limit` goal events off `conversion_queue`, oldest first, and stores
 * the conversions they make (see `winnersOf` for the rule) in the same transaction.
 *
 * Exactly once: the queue rows are deleted by the statement that stores their
 * conversions, so a worker killed mid-way leaves them queued, and a batch of events
 * sent again was never queued again (ingestion skips stored messageIds). An event a
 * recount already stored as a conversion is not stored twice. Workers may run at
 * once: each skips the rows another has locked. Returns how many events were taken.
 */
export async function attributeQueuedConversions(db: Database, options: { limit?: number } = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; teamId: string; name: string }>`
      select id, team_id as "teamId", name from conversion_queue
      order by id limit ${options.limit ?? CONVERSION_EVENTS_PER_ROUND} for update skip locked`.execute(trx);
    if (rows.length === 0) return 0;
    const pairs = new Map(
      rows.map((row) => [`${row.teamId}\u0000${row.name}`, { teamId: row.teamId, event: row.name }]),
    );
    const campaigns = await listGoalCampaigns(trx, [...pairs.values()]);
    await sql`
      with candidates as (
        delete from conversion_queue where id = any(${rows.map((row) => row.id)}::bigint[])
        returning team_id, event_id, name, contact_id, occurred_at, properties
      ),
      ${winnersOf(campaigns)},
      stored_winners as (
        select * from winners w where not exists (select from campaign_conversions x where x.event_id = w.event_id)
      )
      ${STORE_WINNERS}`.execute(trx);
    return rows.length;
  });
}
