import { sql } from "kysely";
import type { Database } from "#db/database.ts";

export type QueueDepth = { name: string; depth: number; oldestAgeSeconds: number };

/**
 * Each pg-boss queue's due jobs waiting for a worker and the age of the oldest, read
 * from pg-boss's job table at scrape time. Every queue pg-boss knows is answered, with
 * 0 when nothing waits. The read is bounded to 2 seconds (a scrape must stay cheap when
 * the database is busy) and uses the index pg-boss keeps on waiting jobs.
 */
export async function readQueueDepths(db: Database): Promise<QueueDepth[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 2000`.execute(trx);
    const { rows } = await sql<{ name: string; depth: number; oldestAgeSeconds: number }>`
      select q.name,
        count(j.id)::int as depth,
        coalesce(extract(epoch from now() - min(j.created_on)), 0)::float8 as oldest_age_seconds
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
      group by q.name
      order by q.name`.execute(trx);
    return rows;
  });
}
