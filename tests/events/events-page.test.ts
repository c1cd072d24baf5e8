import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { loader as exportCsv } from "#app/routes/dashboard/events-export.ts";
import { loader as latest } from "#app/routes/dashboard/events-latest.ts";
import { loader as eventsPage } from "#app/routes/dashboard/events.tsx";
import { getRequest } from "../requests.ts";
import { hoursAgo, seedEvents } from "./seed.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

type PageData = {
  stats: { eventsToday: number; peopleToday: number; eventsLast7Days: number; eventNames: number };
  names: string[];
  events: {
    type: string;
    name: string | null;
    userId: string | null;
    anonymousId: string | null;
    contact: { label: string } | null;
    properties: string;
    occurredAt: string;
  }[];
  nextCursor: string | null;
};

async function page(cookie: HeadersInit, query = ""): Promise<PageData> {
  const response = await serveDashboard(eventsPage, getRequest(`/dashboard/events${query}`, cookie));
  expect(response.status).toBe(200);
  return response.json();
}

/** Today at a given hour (UTC, the team's default time zone), kept in the past. */
function todayAt(hour: number): Date {
  const date = new Date();
  date.setUTCHours(hour, 0, 0, 0);
  return date.getTime() > Date.now() ? new Date(Date.now() - 1000) : date;
}

describe("the Events page", () => {
  test("its four cards count events today, people active today, events of the last 7 days and distinct names", async () => {
    const user = await signedIn();
    await seedEvents(user.teamId, [
      { name: "Signed In", userId: "a", occurredAt: todayAt(0) },
      { name: "Signed In", userId: "a", occurredAt: todayAt(0) },
      { name: "Report Exported", userId: "b", occurredAt: todayAt(0) },
      { name: "Signed In", userId: null, anonymousId: "anon-1", occurredAt: todayAt(0) },
      { name: "Trial Started", userId: "c", occurredAt: hoursAgo(24 * 3 + 30) },
      { name: "Old Thing", userId: "d", occurredAt: hoursAgo(24 * 30) },
      // A future-dated event (a fast clock, no sentAt) counts once it has happened.
      { name: "Signed In", userId: "e", occurredAt: hoursAgo(-48) },
    ]);
    const { stats } = await page(user.cookie);
    expect(stats).toEqual({ eventsToday: 4, peopleToday: 3, eventsLast7Days: 5, eventNames: 4 });
  });

  test("lists events newest first with who did them, and pages by keyset without gaps or repeats", async () => {
    const user = await signedIn();
    await seedEvents(
      user.teamId,
      Array.from({ length: 120 }, (_, i) => ({ name: `Step ${i % 3}`, userId: `u-${i}`, occurredAt: hoursAgo(i) })),
    );
    const first = await page(user.cookie);
    expect(first.events).toHaveLength(50);
    expect(first.events[0]).toMatchObject({ name: "Step 0", userId: "u-0", type: "track" });
    const seen = [...first.events];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(user.cookie, `?cursor=${cursor}`);
      seen.push(...next.events);
      cursor = next.nextCursor;
    }
    expect(seen.map((e) => e.userId)).toEqual(Array.from({ length: 120 }, (_, i) => `u-${i}`));
  });

  test("the search matches event names containing it (any case) and user ids equal to it", async () => {
    const user = await signedIn();
    await seedEvents(user.teamId, [
      { name: "Report Exported", userId: "alice", occurredAt: hoursAgo(1) },
      { name: "Report Viewed", userId: "bob", occurredAt: hoursAgo(2) },
      { name: "Signed In", userId: "report-bot", occurredAt: hoursAgo(3) },
      { name: "Signed In", userId: "carol", occurredAt: hoursAgo(4) },
    ]);
    expect((await page(user.cookie, "?q=rEpOrT")).events.map((e) => e.userId)).toEqual(["alice", "bob"]);
    expect((await page(user.cookie, "?q=carol")).events.map((e) => e.name)).toEqual(["Signed In"]);
    expect((await page(user.cookie, "?q=report-bot")).events.map((e) => e.userId)).toEqual(["report-bot"]);
    // With the name filter too, both must hold.
    expect((await page(user.cookie, "?q=report&name=Report+Viewed")).events.map((e) => e.userId)).toEqual(["bob"]);
    expect((await page(user.cookie, "?q=nothing-like-it")).events).toEqual([]);
  });

  test("a user id search finds the user's events before and after their identify, the identify itself, and no one else's", async () => {
    const user = await signedIn();
    await seedEvents(user.teamId, [
      { name: "Signed In", userId: "dana", occurredAt: hoursAgo(5) },
      { name: "Signed In", userId: "erin", occurredAt: hoursAgo(5) },
    ]);
    await seedEvents(user.teamId, [
      {
        type: "identify",
        name: null,
        userId: "dana",
        properties: { email: "dana@example.com" },
        occurredAt: hoursAgo(4),
      },
    ]);
    await seedEvents(user.teamId, [
      { name: "Report Viewed", userId: "dana", occurredAt: hoursAgo(3) },
      { name: "Report Viewed", userId: "erin", occurredAt: hoursAgo(3) },
    ]);
    const found = (await page(user.cookie, "?q=dana")).events;
    expect(found.map((e) => [e.type, e.name, e.userId])).toEqual([
      ["track", "Report Viewed", "dana"],
      ["identify", null, "dana"],
      ["track", "Signed In", "dana"],
    ]);
    expect(found.every((e) => e.contact?.label === "dana@example.com")).toBe(true);
    expect((await page(user.cookie, "?q=dana&name=Signed+In")).events.map((e) => [e.name, e.userId])).toEqual([
      ["Signed In", "dana"],
    ]);
    expect((await page(user.cookie, "?q=erin")).events.map((e) => [e.name, e.contact])).toEqual([
      ["Report Viewed", null],
      ["Signed In", null],
    ]);
  });

  test("filters by event name and by days, both days included", async () => {
    const user = await signedIn();
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    await seedEvents(user.teamId, [
      { name: "A", userId: "1", occurredAt: day("2026-03-01") },
      { name: "B", userId: "2", occurredAt: day("2026-03-02") },
      { name: "A", userId: "3", occurredAt: day("2026-03-03") },
      { name: "A", userId: "4", occurredAt: new Date("2026-03-04T00:00:00Z") },
    ]);
    const data = await page(user.cookie, "?name=A");
    expect(data.events.map((e) => e.userId)).toEqual(["4", "3", "1"]);
    expect(data.names).toEqual(["A", "B"]);
    expect((await page(user.cookie, "?from=2026-03-02&to=2026-03-03")).events.map((e) => e.userId)).toEqual(["3", "2"]);
    expect((await page(user.cookie, "?name=A&from=2026-03-03")).events.map((e) => e.userId)).toEqual(["4", "3"]);
    // Hand-edited parameters are ignored rather than failing the page.
    expect((await page(user.cookie, "?from=2026-02-31&to=soon")).events).toHaveLength(4);
  });

  test("shows only the team's own events; another team's never appear, even with the same user id", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await seedEvents(other.teamId, [{ name: "Secret", userId: "shared", occurredAt: hoursAgo(1) }]);
    await seedEvents(user.teamId, [{ name: "Mine", userId: "shared", occurredAt: hoursAgo(1) }]);
    const data = await page(user.cookie, "?q=shared");
    expect(data.events.map((e) => e.name)).toEqual(["Mine"]);
    expect(data.names).toEqual(["Mine"]);
    expect(data.stats.eventNames).toBe(1);
  });

  test("exports the filtered events as CSV, streamed, every page of them", async () => {
    const user = await signedIn();
    await seedEvents(user.teamId, [
      ...Array.from({ length: 5100 }, (_, i) => ({
        name: "Bulk",
        userId: `u-${i}`,
        occurredAt: hoursAgo(2 + i / 1000),
        properties: { i },
      })),
      { name: 'Odd, "quoted"', userId: "=cmd", occurredAt: hoursAgo(1), properties: { note: "line\nbreak" } },
    ]);
    const all = await serveDashboard(exportCsv, getRequest("/dashboard/events/export.csv", user.cookie));
    expect(all.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("Content-Disposition")).toMatch(/^attachment; filename="events-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<string[]>(await all.text(), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "time",
      "type",
      "event",
      "user_id",
      "anonymous_id",
      "contact_id",
      "properties",
      "context",
      "message_id",
      "received_at",
    ]);
    expect(rows).toHaveLength(5102);
    expect(rows[1]!.slice(1, 4)).toEqual(["track", 'Odd, "quoted"', "'=cmd"]);
    expect(JSON.parse(rows[1]![6]!)).toEqual({ note: "line\nbreak" });

    const filtered = await serveDashboard(exportCsv, getRequest("/dashboard/events/export.csv?q=odd", user.cookie));
    expect(Papa.parse<string[]>(await filtered.text(), { skipEmptyLines: true }).data).toHaveLength(2);
  });

  test("the live feed's check answers the team's newest event, which changes when one arrives", async () => {
    const user = await signedIn();
    const empty = await (await serveDashboard(latest, getRequest("/dashboard/events/latest", user.cookie))).json();
    expect(empty).toEqual({ newest: null });
    await seedEvents(user.teamId, [{ name: "First", occurredAt: hoursAgo(1) }]);
    const first = await (await serveDashboard(latest, getRequest("/dashboard/events/latest", user.cookie))).json();
    await seedEvents(user.teamId, [{ name: "Second", occurredAt: new Date() }]);
    const second = await (await serveDashboard(latest, getRequest("/dashboard/events/latest", user.cookie))).json();
    expect(first.newest).toEqual(expect.any(String));
    expect(second.newest).not.toBe(first.newest);
  });

  test("signed out, the page, the export and the live check all send you to sign in", async () => {
    for (const [handler, path] of [
      [eventsPage, "/dashboard/events"],
      [exportCsv, "/dashboard/events/export.csv"],
      [latest, "/dashboard/events/latest"],
    ] as const) {
      const response = await serveDashboard(handler, getRequest(path));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });
});
