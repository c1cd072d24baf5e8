import { dateTimeFormat } from "#shared/intl/date-time-format.ts";

/** Rates as the spec writes them: one decimal, "0.0" for nothing. */
export function formatRate(rate: number): string {
  return `${rate.toFixed(1)}%`;
}

export const countFormat = new Intl.NumberFormat("en-US");

/** Revenue sums a numeric event property in whatever unit the team sends: two decimals at most, no currency. */
export const revenueFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A change against the previous period: percentage points for rates, a percentage for counts. */
export function formatChange(current: number, previous: number, kind: "count" | "rate"): string {
  if (kind === "rate") {
    const points = Math.round((current - previous) * 10) / 10;
    return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} pts`;
  }
  if (previous === 0) return current === 0 ? "no change" : `+${countFormat.format(current)} (none before)`;
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${percent >= 0 ? "+" : "−"}${Math.abs(percent).toFixed(1)}%`;
}

/** en-US short month names, as Intl writes them: a chart labels every day of its range, so dates skip Intl. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A bucket of a series: "Nov 24" for a local date, "Nov 24, 14:00" for an hour in the team's zone. */
export function formatBucket(value: string, timeZone: string): string {
  if (value.length === 10) return `${MONTHS[Number(value.slice(5, 7)) - 1]} ${Number(value.slice(8, 10))}`;
  return dateTimeFormat({
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(new Date(value));
}
