import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { CampaignType } from "../../shared/campaigns/schemas.ts";

/**
 * Reserves the moment `count` messages of a team's channel may go out, at
 * `ratePerSecond` shared by every worker: each batch takes the next free moment and
 * pushes it on by count / rate seconds. Returns how long to wait before sending
 * (0 when the channel is idle). One short row update per batch, not per message.
 */
export async function reserveSendSlots(
  db: Database,
  options: { teamId: string; channel: CampaignType; count: number; ratePerSecond: number },
): Promise<number> {
  if (options.ratePerSecond <= 0 || options.count <= 0) return 0;
  const seconds = options.count / options.ratePerSecond;
  const { rows } = await sql<{ waitMs: number }>`
    insert into send_rate_slots (team_id, channel, next_free_at)
    values (${options.teamId}, ${options.channel}, clock_timestamp() + make_interval(secs => ${seconds}))
    on conflict (team_id, channel) do update
      set next_free_at = greatest(send_rate_slots.next_free_at, clock_timestamp()) + make_interval(secs => ${seconds})
    returning greatest(0, extract(epoch from next_free_at - clock_timestamp()) - ${seconds}) * 1000 as wait_ms`.execute(db);
  return Number(rows[0]?.waitMs ?? 0);
}
