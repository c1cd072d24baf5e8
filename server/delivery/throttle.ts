import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";

/**
 * Reserves the moment `count` messages of a team's channel may go out, at
 * `ratePerSecond` shared by every worker: each batch takes the next free moment and
 * pushes it on by count / rate seconds. Returns how long to wait before sending
 * (0 when the channel is idle). One short row update per batch, not per message.
 * The moment of asking is `at`, the database's clock unless given (so a test can ask
 * for several batches at one instant, however long its statements take).
 */
export async function reserveSendSlots(
  db: Database,
  options: { teamId: string; channel: CampaignType; count: number; ratePerSecond: number; at?: Date },
): Promise<number> {
  if (options.ratePerSecond <= 0 || options.count <= 0) return 0;
  const seconds = options.count / options.ratePerSecond;
  const at = options.at ?? null;
  const { rows } = await sql<{ waitMs: number }>`
    with asked as (select coalesce(${at}::timestamptz, clock_timestamp()) as at)
    insert into send_rate_slots (team_id, channel, next_free_at)
    select ${options.teamId}, ${options.channel}, asked.at + make_interval(secs => ${seconds}) from asked
    on conflict (team_id, channel) do update
      set next_free_at = greatest(send_rate_slots.next_free_at, (select at from asked)) + make_interval(secs => ${seconds})
    returning greatest(0, extract(epoch from next_free_at - (select at from asked)) - ${seconds}) * 1000 as wait_ms`.execute(
    db,
  );
  return Number(rows[0]?.waitMs ?? 0);
}
