import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { DB } from "#db/types.ts";
import { FIGURE_NAMES, type Figures } from "./figures.ts";
import { rangeEnd, rangeStart } from "./local-days.ts";

export type RollupFilter = {
  teamId: string;
  timeZone: string;
  from: string;
  to: string;
  channel?: string | undefined;
  campaignId?: string | undefined;
};

/**
 * The team's campaign rollup hours that fall in local days [from, to] of a time zone.
 * An hour belongs to the local day its start falls in: exact for whole-hour zones;
 * in a half-hour zone (Asia/Kolkata) a day's first and last half hours go with the
 * neighbouring day (see docs/decisions/020).
 */
export function campaignHours(db: Database, filter: RollupFilter) {
  let query = db
    .selectFrom("campaignHourlyStats")
    .where("campaignHourlyStats.teamId", "=", filter.teamId)
    .where("campaignHourlyStats.hour", ">=", rangeStart(filter))
    .where("campaignHourlyStats.hour", "<", rangeEnd(filter));
  if (filter.channel) query = query.where("campaignHourlyStats.channel", "=", filter.channel);
  if (filter.campaignId) query = query.where("campaignHourlyStats.campaignId", "=", filter.campaignId);
  return query;
}

/** Every figure summed, as integers, for any grouping of rollup hours. */
export function selectFigureSums<O>(query: SelectQueryBuilder<DB, "campaignHourlyStats", O>) {
  return query.select(
    FIGURE_NAMES.map((name) =>
      sql<number>`coalesce(sum(campaign_hourly_stats.${sql.ref(snake(name))}), 0)::int`.as(name),
    ),
  );
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Picks the figures out of a row that has them among other columns. */
export function figuresOf(row: Figures): Figures {
  return Object.fromEntries(FIGURE_NAMES.map((name) => [name, row[name]])) as Figures;
}
