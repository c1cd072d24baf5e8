import { type RawBuilder, sql } from "kysely";
import { addDays } from "./schemas.ts";

/** Local days [from, to] of a time zone, both ends included. */
export type LocalDays = { timeZone: string; from: string; to: string };

/** The instant the first local day begins: rollup hours at or after it are in the range. */
export function rangeStart(days: LocalDays): RawBuilder<Date> {
  return sql<Date>`(${days.from}::date::timestamp at time zone ${days.timeZone})`;
}

/** The instant the day after the last begins: rollup hours before it are in the range. */
export function rangeEnd(days: LocalDays): RawBuilder<Date> {
  return sql<Date>`((${days.to}::date + 1)::timestamp at time zone ${days.timeZone})`;
}

/**
 * Which local day of the range an hour's start falls in, 1 for `from`: the hour is
 * found among the instants the range's days begin, converted to the zone once per
 * statement (an uncorrelated subquery) instead of once per rollup row. Converting
 * every row with `at time zone` cost most of a 90-day read (about 1 µs a row); the
 * answer is the same, as an hour is in the local day whose start it is at or after
 * and whose next day's start it is before. Rows outside the range get 0 or days + 1;
 * callers read only the range's hours.
 */
export function localDayIndex(hour: RawBuilder<unknown>, days: LocalDays): RawBuilder<number> {
  return sql<number>`width_bucket(${hour}, array(
    select day at time zone ${days.timeZone}
    from generate_series(${days.from}::date::timestamp, (${days.to}::date + 1)::timestamp, interval '1 day') day
  ))`;
}

/** The local date (YYYY-MM-DD) of a `localDayIndex`. */
export function localDayOf(days: LocalDays, index: number): string {
  return addDays(days.from, index - 1);
}
