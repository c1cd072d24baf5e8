import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { dateTimeFormat } from "#shared/intl/date-time-format.ts";
import { campaignHours, figuresOf, type RollupFilter, selectFigureSums } from "./campaign-rollups.ts";
import { addFigures, type Figures, noFigures } from "./figures.ts";
import { localDayIndex, localDayOf, rangeStart } from "./local-days.ts";
import { addDays, daysBetween } from "./schemas.ts";

export type SeriesPoint = { date: string } & Figures;

/** What the Analytics page charts of a series point. */
export type EngagementPoint = Pick<SeriesPoint, "date" | "sent" | "delivered" | "opened" | "clicked">;

/** A range's series and the figures of the period of equal length just before it. */
export type SeriesWithPrevious = { series: SeriesPoint[]; previous: Figures };

/**
 * The filtered figures per local day of the range (or per UTC hour, written as an
 * ISO instant, when `hourly`), every day or hour of the range present, empty ones as
 * zeros, so a chart's x axis is the range itself and the points sum to the range's
 * totals; and the same figures summed over the `days` days before the range (from
 * `previousFrom`), which the change figures compare against. One read of both
 * periods' rollup hours, each hour placed in its day (or hour) or in the period before.
 */
export async function readSeriesWithPrevious(
  db: Database,
  filter: RollupFilter & { hourly: boolean; previousFrom: string; days: number },
): Promise<SeriesWithPrevious> {
  const span = { ...filter, from: filter.previousFrom };
  const hour = sql.ref("campaign_hourly_stats.hour");
  const rows = await selectFigureSums(
    campaignHours(db, span)
      .select(
        (filter.hourly
          ? sql<string | number>`case when ${hour} >= ${rangeStart(filter)}
              then to_char(${hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') end`
          : localDayIndex(hour, span)
        ).as("bucket"),
      )
      .groupBy(sql`1`),
  ).execute();
  const previous = noFigures();
  const byBucket = new Map<string, Figures>();
  for (const row of rows) {
    // An hour is written as its instant (none for the period before); a day comes as
    // its place in both periods, the first `days` of them before the range.
    const before = typeof row.bucket === "number" ? row.bucket <= filter.days : row.bucket === null;
    if (before) addFigures(previous, figuresOf(row));
    else byBucket.set(typeof row.bucket === "number" ? localDayOf(span, row.bucket) : row.bucket, figuresOf(row));
  }
  const series = bucketsOf(filter).map((date) => ({ date, ...(byBucket.get(date) ?? noFigures()) }));
  return { series, previous };
}

/** The range's buckets in order: local dates, or the UTC hours that start inside the range's local days. */
export function bucketsOf(filter: { from: string; to: string; timeZone: string; hourly: boolean }): string[] {
  if (!filter.hourly)
    return Array.from({ length: daysBetween(filter.from, filter.to) + 1 }, (_, i) => addDays(filter.from, i));
  const start = localMidnight(filter.from, filter.timeZone);
  const end = localMidnight(addDays(filter.to, 1), filter.timeZone);
  const first = Math.ceil(start / 3_600_000) * 3_600_000;
  const hours: string[] = [];
  for (let at = first; at < end; at += 3_600_000) hours.push(new Date(at).toISOString().replace(".000Z", "Z"));
  return hours;
}

/** The instant (ms) a local date begins in a zone, found from the zone's offset around it. */
export function localMidnight(date: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = asUtc;
  // Two passes settle the offset even when midnight is next to a daylight-saving change.
  for (let i = 0; i < 2; i++) guess = asUtc - offsetAt(guess, timeZone);
  return guess;
}

function offsetAt(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat({
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The points summed into one set of figures. */
export function totalOf(points: readonly Figures[]): Figures {
  return points.reduce((sum, point) => addFigures(sum, figuresOf(point)), noFigures());
}
