import { formatInTimeZone } from "../../../server/teams/time-zone.ts";

// Fixed locale and zone, so the server's HTML and the browser's render agree.
// Times of day are shown in the team's time zone, and name it.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export const countFormat = new Intl.NumberFormat("en-US");

export const BROADCASTS_PATH = "/dashboard/broadcasts";

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Jan 31, 2030, 9:00 AM Europe/Paris". */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatInTimeZone(new Date(iso), timeZone);
}
