// Fixed locale and zone, so the server's HTML and the browser's render agree.
// Times are shown in UTC, and say so, until teams have a time zone setting.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
export const countFormat = new Intl.NumberFormat("en-US");

export const BROADCASTS_PATH = "/dashboard/broadcasts";

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/** The value a datetime-local field shows for an instant, read as UTC: "2030-01-31T09:00". */
export function toUtcInputValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}
