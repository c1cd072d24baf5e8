import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { localDayIndex, localDayOf, rangeEnd, rangeStart } from "./local-days.ts";
import { rankEventNames } from "./rank-event-names.ts";
import { addDays, daysBetween } from "./schemas.ts";

export type EventTrend = { name: string; total: number; days: { date: string; events: number; people: number }[] };

/** How many event names one chart compares. */
export const EVENT_NAMES_LIMIT = 5;

/**
 * Events per local day for the chosen names (the range's most frequent ones when
 * none are chosen), and the people who did each on each day. Counts come from the
 * hourly rollup summed into days in the current zone; people from the daily rollup,
 * whose days are those of the zone in force when the events arrived.
 */
export async function readEventTrends(
  db: Database,
  options: { teamId: string; timeZone: string; from: string; to: string; names?: readonly string[] },
): Promise<EventTrend[]> {
  const inRange = db
    .selectFrom("teamEventHourly")
    .where("teamId", "=", options.teamId)
    .where("hour", ">=", rangeStart(options))
    .where("hour", "<", rangeEnd(options));
  const names = options.names?.length
    ? options.names.slice(0, EVENT_NAMES_LIMIT)
    : await rankEventNames(db, {
        teamId: options.teamId,
        timeZone: options.timeZone,
        from: options.from,
        to: options.to,
        limit: EVENT_NAMES_LIMIT,
      });
  if (names.length === 0) return [];
  const [counts, people] = await Promise.all([
    inRange
      .select(["name", localDayIndex(sql.ref("hour"), options).as("day"), sql<number>`sum(events)::int`.as("events")])
      .where("name", "in", names)
      .groupBy([sql`1`, sql`2`])
      .execute(),
    db
      .selectFrom("teamEventDailyPeople")
      .select(["name", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("date"), "people"])
      .where("teamId", "=", options.teamId)
      .where("name", "in", names)
      .where("day", ">=", sql<Date>`${options.from}::date`)
      .where("day", "<=", sql<Date>`${options.to}::date`)
      .execute(),
  ]);
  const key = (name: string, date: string) => `${name}\u0000${date}`;
  const eventsOn = new Map(counts.map((row) => [key(row.name, localDayOf(options, row.day)), row.events]));
  const peopleOn = new Map(people.map((row) => [key(row.name, row.date), row.people]));
  const dates = Array.from({ length: daysBetween(options.from, options.to) + 1 }, (_, i) => addDays(options.from, i));
  return names.map((name) => {
    const days = dates.map((date) => ({
      date,
      events: eventsOn.get(key(name, date)) ?? 0,
      people: peopleOn.get(key(name, date)) ?? 0,
    }));
    return { name, total: days.reduce((sum, day) => sum + day.events, 0), days };
  });
}

/** The team's event names, for the chooser (decision 010 keeps them in event_names). */
export async function listEventNames(db: Database, options: { teamId: string }): Promise<string[]> {
  const rows = await db
    .selectFrom("eventNames")
    .select("name")
    .where("teamId", "=", options.teamId)
    .orderBy("name")
    .limit(500)
    .execute();
  return rows.map((row) => row.name);
}
