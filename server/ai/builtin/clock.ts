import { fromZonedInputValue, toZonedInputValue } from "#shared/teams/time-zone.ts";
import { addDays } from "./time.ts";

/*
 * "Today", "yesterday" and "since March" are days of the team's time zone, as
 * the Events page and the schedule read them. Phrases are read against the
 * wall clock there (`wall`: a Date whose UTC fields are the local time), and
 * the days they name become instants at local midnight. A UTC team keeps
 * plain dates, which the compiler reads as UTC days.
 */

export type Clock = {
  /** The real moment, for rolling windows. */
  now: Date;
  /** The same moment as the team's wall clock, in UTC fields. */
  wall: Date;
  timeZone: string;
};

export function teamClock(now: Date, timeZone = "UTC"): Clock {
  if (timeZone === "UTC") return { now, wall: now, timeZone };
  return {
    now,
    wall: new Date(`${toZonedInputValue(now, timeZone)}:${String(now.getUTCSeconds()).padStart(2, "0")}Z`),
    timeZone,
  };
}

/** The team's today, YYYY-MM-DD. */
export function today(clock: Clock): string {
  return clock.wall.toISOString().slice(0, 10);
}

/** The instant a team's day starts, with the zone's offset that day ("2026-03-01T00:00:00+01:00"). */
export function dayStart(day: string, clock: Clock): string {
  if (clock.timeZone === "UTC") return `${day}T00:00:00Z`;
  const instant = fromZonedInputValue(`${day}T00:00`, clock.timeZone)!;
  const offsetMinutes = Math.round(
    (Date.parse(`${toZonedInputValue(instant, clock.timeZone)}:00Z`) - instant.getTime()) / 60_000,
  );
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  const local = toZonedInputValue(instant, clock.timeZone);
  return `${local}:00${sign}${hh}:${mm}`;
}

/**
 * A window over whole team days, from the first day's start to the last day's
 * end. A UTC team's is two plain dates (inclusive); another zone's is two
 * instants, the end being the start of the day after.
 */
export function dayWindow(from: string, to: string, clock: Clock): { type: "between"; from: string; to: string } {
  if (clock.timeZone === "UTC") return { type: "between", from, to };
  return { type: "between", from: dayStart(from, clock), to: dayStart(addDays(to, 1), clock) };
}
