import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { dateTimeFormat } from "#shared/intl/date-time-format.ts";
import { type AnalyticsQuery, addDays, daysBetween } from "./schemas.ts";

/**
 * The local days an Analytics request covers, both ends included, and the period of
 * equal length just before it, which the change figures compare against.
 */
export type AnalyticsPeriod = {
  timeZone: string;
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  /** Ranges of two days or less are charted per hour. */
  hourly: boolean;
  preset: "7d" | "30d" | "90d" | null;
};

/** Today's date in a time zone, YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  const parts = dateTimeFormat({ timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * Resolves the query's range in the team's time zone as it is now: a preset ends
 * today; from-to is taken as written. A campaign filter must name one of the team's
 * campaigns (another team's is a 404, as everywhere).
 */
export async function resolvePeriod(
  db: Database,
  options: { teamId: string; query: AnalyticsQuery; now?: Date },
): Promise<AnalyticsPeriod> {
  // The zone and the campaign check are independent: read them at once.
  const [team, campaign] = await Promise.all([
    db.selectFrom("teams").select("timeZone").where("id", "=", options.teamId).executeTakeFirstOrThrow(),
    options.query.campaignId
      ? db
          .selectFrom("campaigns")
          .select("id")
          .where("teamId", "=", options.teamId)
          .where("id", "=", options.query.campaignId)
          .executeTakeFirst()
      : { id: null },
  ]);
  if (!campaign) throw new AppError("NOT_FOUND", "Campaign not found.");
  const { query } = options;
  let from: string;
  let to: string;
  let preset: AnalyticsPeriod["preset"] = null;
  if (query.from && query.to) {
    from = query.from;
    to = query.to;
  } else {
    preset = query.range ?? "30d";
    to = localDate(options.now ?? new Date(), team.timeZone);
    from = addDays(to, -(Number.parseInt(preset, 10) - 1));
  }
  const days = daysBetween(from, to) + 1;
  return {
    timeZone: team.timeZone,
    from,
    to,
    days,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    hourly: days <= 2,
    preset,
  };
}
