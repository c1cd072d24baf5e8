import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { signedIn } from "../factories.ts";
import { rollUpEvents } from "./roll-up.ts";

function track(name: string, at: Date, n: number): TrackedMessage {
  return {
    id: newId(),
    type: "track",
    name,
    userId: "someone",
    anonymousId: null,
    properties: {},
    context: {},
    messageId: `${name}-${n}-${at.getTime()}`,
    occurredAt: at,
  };
}

describe("the Analytics page's most frequent events", () => {
  test("rank by what happened inside the team's local days, however the range's edges cut UTC days", async () => {
    const { teamId } = await signedIn();
    // New York is UTC-5 in January: the local day 2026-01-10 runs from 05:00 UTC to 05:00 UTC.
    await getDb().updateTable("teams").set({ timeZone: "America/New_York" }).where("id", "=", teamId).execute();
    const utc = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour, 30));
    const messages: TrackedMessage[] = [];
    const add = (name: string, at: Date, count: number) => {
      for (let n = 0; n < count; n++) messages.push(track(name, at, n));
    };
    // Inside the range, on whole UTC days and in its edge hours.
    add("Alpha", utc(10, 12), 9);
    add("Bravo", utc(9, 6), 8); // 01:30 local on 9 January: the first local day's edge
    add("Charlie", utc(12, 3), 7); // 22:30 local on 11 January: the last local day's edge
    add("Delta", utc(11, 0), 6);
    add("Echo", utc(10, 20), 5);
    add("Foxtrot", utc(11, 1), 4);
    // Outside the range, but in UTC days it shares: counted by whole UTC days, these would lead.
    add("Golf", utc(9, 2), 20); // 21:30 local on 8 January
    add("Hotel", utc(12, 6), 20); // 01:30 local on 12 January
    await insertEvents(getDb(), { teamId, messages, receivedAt: new Date(), contactOf: () => null });
    await rollUpEvents();

    const trends = await readEventTrends(getDb(), {
      teamId,
      timeZone: "America/New_York",
      from: "2026-01-09",
      to: "2026-01-11",
    });
    expect(trends.map((t) => [t.name, t.total])).toEqual([
      ["Alpha", 9],
      ["Bravo", 8],
      ["Charlie", 7],
      ["Delta", 6],
      ["Echo", 5],
    ]);

    // A range shorter than a UTC day is read from the hours alone.
    const oneDay = await readEventTrends(getDb(), {
      teamId,
      timeZone: "America/New_York",
      from: "2026-01-08",
      to: "2026-01-08",
    });
    expect(oneDay.map((t) => [t.name, t.total])).toEqual([["Golf", 20]]);
  });
});
