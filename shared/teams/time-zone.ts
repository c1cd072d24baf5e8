/**
 * Wall-clock times in a team's IANA time zone, with Intl only (no zone database of
 * our own: the runtime's ICU data is the one Node and browsers keep current).
 * Pure, so the schedule dialog and the campaign list format times the same way
 * on the server and in the browser.
 */
import { dateTimeFormat } from "#shared/intl/date-time-format.ts";

/** Every zone a team can choose: the runtime's IANA list, with UTC first. */
export function listTimeZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...zones];
}

export function isTimeZone(value: string): boolean {
  if (value === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat({
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** The wall clock in `timeZone` at `instant`, as UTC milliseconds of the same fields. */
function wallClockMs(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
}

/** "2030-01-31T09:00" as a datetime-local field shows `instant` in `timeZone`. */
export function toZonedInputValue(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a datetime-local value ("2030-01-31T09:00") means in `timeZone`, or
 * null when it is not such a value. A time skipped by a daylight-saving change
 * (02:30 on the night clocks go forward) becomes the same clock reading after it.
 */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((field) => Number(field ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  // The offsets a day either side cover any change on that day; a reading that exists twice
  // (clocks going back) takes the first, one that never exists takes the earlier offset.
  const day = 24 * 3600_000;
  const candidates = [wanted - day, wanted + day].map((probe) => wanted - (wallClockMs(probe, timeZone) - probe));
  const valid = candidates.filter((instant) => wallClockMs(instant, timeZone) === wanted).sort((a, b) => a - b);
  return new Date(valid[0] ?? candidates[0]!);
}

/** "Jan 31, 2030, 9:00 AM Europe/Paris": a time with the zone it is read in. */
export function formatInTimeZone(instant: Date, timeZone: string): string {
  return `${dateTimeFormat({ dateStyle: "medium", timeStyle: "short", timeZone }).format(instant)} ${timeZone}`;
}
