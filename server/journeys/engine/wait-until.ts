import { fromZonedInputValue, isTimeZone, toZonedInputValue } from "#shared/teams/time-zone.ts";

/**
 * The next moment after `now` at which the clock in `timeZone` shows `time`
 * ("HH:MM"): today's when it is still ahead, else tomorrow's. Across a
 * daylight-saving change the wall-clock reading is kept (09:00 stays 09:00); a
 * reading the change skips becomes the same reading after it.
 */
export function nextTimeOfDay(now: Date, time: string, timeZone: string): Date {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const today = toZonedInputValue(now, zone).slice(0, 10);
  for (let days = 0; days < 3; days++) {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    const at = fromZonedInputValue(`${date.toISOString().slice(0, 10)}T${time}`, zone);
    if (at && at.getTime() > now.getTime()) return at;
  }
  // Unreachable for a valid HH:MM; a day later keeps the run moving rather than stuck.
  return new Date(now.getTime() + 86_400_000);
}

/** The contact's zone from an attribute when it names a real zone, else the team's. */
export function zoneFor(attributes: unknown, attribute: string | null | undefined, teamZone: string): string {
  if (attribute && attributes && typeof attributes === "object" && !Array.isArray(attributes)) {
    const value = (attributes as Record<string, unknown>)[attribute];
    if (typeof value === "string" && isTimeZone(value.trim())) return value.trim();
  }
  return teamZone;
}
