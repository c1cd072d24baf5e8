import type { QuietHours } from "#shared/frequency/schemas.ts";
import { fromZonedInputValue, toZonedInputValue } from "#shared/teams/time-zone.ts";

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The calendar day after "2030-01-31" (plain date arithmetic: no zone is involved). */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * When quiet hours that hold at `now` end, in `timeZone`, or null when `now` is outside
 * them. Quiet hours are a span of the local day, from `from` (included) to `to`
 * (excluded), across midnight when `from` is later than `to` (21:00 to 09:00). The end
 * is the next moment the local clock reads `to`, found through the zone's own rules,
 * so it stays right on the days clocks change (a `to` the change skips, such as 02:30
 * on the night clocks go forward, becomes the same reading after the change).
 */
export function quietHoursEnd(now: Date, quiet: Pick<QuietHours, "from" | "to">, timeZone: string): Date | null {
  const local = toZonedInputValue(now, timeZone);
  const date = local.slice(0, 10);
  const minute = minutesOf(local.slice(11, 16));
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const acrossMidnight = from > to;
  const quietNow = acrossMidnight ? minute >= from || minute < to : minute >= from && minute < to;
  if (!quietNow) return null;
  // Before `to` on the clock, quiet hours end today; otherwise (the evening side of a span across midnight) tomorrow.
  const endDate = minute < to ? date : nextDay(date);
  const end = fromZonedInputValue(`${endDate}T${quiet.to}`, timeZone);
  // A day whose `to` reading is earlier than now (clocks went back past it) ends at now: never in the past.
  return end && end.getTime() > now.getTime() ? end : new Date(now.getTime() + 60_000);
}
