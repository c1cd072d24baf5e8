import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { signedIn } from "../factories.ts";
import { rollUpEvents } from "./roll-up.ts";

const HOUR = 3_600_000;

/** The local date an instant falls on, by the JavaScript runtime's own zone data. */
function localDateOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(at));
}

describe("local days of the Analytics charts", () => {
  // A daylight-saving change (New York, 8 March 2026) and half- and quarter-hour zones,
  // where a local day does not start on a UTC hour.
  test.each(["America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "UTC"])(
    "each hour is charted on the local day its start falls on in %s",
    async (timeZone) => {
      const { teamId } = await signedIn();
      await getDb().updateTable("teams").set({ timeZone }).where("id", "=", teamId).execute();
      const first = Date.UTC(2026, 2, 6, 0);
      const hours = Array.from({ length: 5 * 24 }, (_, i) => first + i * HOUR);
      // One event at the start of every hour, so each day's count is the hours it holds.
      const messages: TrackedMessage[] = hours.map((at) => ({
        id: newId(),
        type: "track",
        name: "Tick",
        userId: null,
        anonymousId: "clock",
        properties: {},
        context: {},
        messageId: `tick-${at}`,
        occurredAt: new Date(at),
      }));
      await insertEvents(getDb(), { teamId, messages, receivedAt: new Date(), contactOf: () => null });
      await rollUpEvents();

      const [trend] = await readEventTrends(getDb(), { teamId, timeZone, from: "2026-03-06", to: "2026-03-10" });
      const expected = new Map<string, number>();
      for (const at of hours) {
        const date = localDateOf(at, timeZone);
        if (date >= "2026-03-06" && date <= "2026-03-10") expected.set(date, (expected.get(date) ?? 0) + 1);
      }
      expect(trend!.days.map((day) => [day.date, day.events])).toEqual(
        ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"].map((date) => [
          date,
          expected.get(date) ?? 0,
        ]),
      );
    },
  );
});
