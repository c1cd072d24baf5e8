import { dateTimeFormat } from "#shared/intl/date-time-format.ts";
import { formatInTimeZone } from "#shared/teams/time-zone.ts";

// Fixed locale, and the team's time zone rather than the viewer's, so the server's HTML
// and the browser's render agree. Times of day name the zone they are read in.
export const countFormat = new Intl.NumberFormat("en-US");

export const BROADCASTS_PATH = "/dashboard/broadcasts";

/** "Jan 31, 2030": the day it was in the team's time zone. */
export function formatDate(iso: string, timeZone: string): string {
  return dateTimeFormat({ dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** "Jan 31, 2030, 9:00 AM Europe/Paris". */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatInTimeZone(new Date(iso), timeZone);
}
