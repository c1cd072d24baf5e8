import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { localDayIndex, localDayOf, rangeEnd, rangeStart } from "./local-days.ts";
import { addDays, daysBetween } from "./schemas.ts";

export type GrowthPoint = { date: string; added: number; unsubscribed: number; net: number };

/**
 * Contacts added and contacts that left a channel, per local day of the range, from
 * the hourly audience rollup (kept by triggers on contacts). Every day is present.
 */
export async function readAudienceGrowth(
  db: Database,
  options: { teamId: string; timeZone: string; from: string; to: string },
): Promise<GrowthPoint[]> {
  const rows = await db
    .selectFrom("teamAudienceHourly")
    .select([
      localDayIndex(sql.ref("hour"), options).as("day"),
      sql<number>`sum(added)::int`.as("added"),
      sql<number>`sum(unsubscribed)::int`.as("unsubscribed"),
    ])
    .where("teamId", "=", options.teamId)
    .where("hour", ">=", rangeStart(options))
    .where("hour", "<", rangeEnd(options))
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((row) => [localDayOf(options, row.day), row]));
  return Array.from({ length: daysBetween(options.from, options.to) + 1 }, (_, i) => {
    const date = addDays(options.from, i);
    const row = byDay.get(date);
    const added = row?.added ?? 0;
    const unsubscribed = row?.unsubscribed ?? 0;
    return { date, added, unsubscribed, net: added - unsubscribed };
  });
}
