import { describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import { loader as analyticsPage } from "#app/routes/dashboard/analytics.tsx";
import { getDb } from "#db/database.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { recomputeCampaignDays, recomputeContactsAdded, recomputeEventDays } from "./recompute.ts";
import { seedAnalytics } from "./seed.ts";

const FIGURES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "bounced",
  "failed",
  "opens",
  "clicks",
  "botOpened",
  "botOpens",
  "botClicks",
] as const;
type Point = Record<(typeof FIGURES)[number], number> & { date: string; openRate?: number };

const DAY = 86_400_000;

function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);
}

async function apiSeries(token: string, query: string) {
  const response = await respond(() => analyticsApi(routeArgs(getRequest(`/api/analytics?${query}`, bearer(token)))));
  expect(response.status).toBe(200);
  return (await response.json()).data as { totals: Point; previous: Point; series: Point[] };
}

/** Expects every day of the series to hold exactly what the raw rows say, and the totals to be their sum. */
async function expectSeriesMatchesRawRows(
  teamId: string,
  timeZone: string,
  answer: { totals: Point; series: Point[] },
  channel?: string,
) {
  const raw = await recomputeCampaignDays(teamId, timeZone, { channel });
  const seen = new Set<string>();
  const sums = Object.fromEntries(FIGURES.map((f) => [f, 0]));
  for (const point of answer.series) {
    const expected = raw.get(point.date) ?? {};
    for (const figure of FIGURES) {
      expect({ date: point.date, figure, value: point[figure] }).toEqual({
        date: point.date,
        figure,
        value: expected[figure] ?? 0,
      });
      sums[figure]! += point[figure];
    }
    seen.add(point.date);
  }
  // Nothing the raw rows count falls outside the range asked for.
  expect([...raw.keys()].filter((date) => !seen.has(date))).toEqual([]);
  for (const figure of FIGURES) expect(answer.totals[figure]).toBe(sums[figure]);
}

describe("analytics figures equal what the raw rows say", () => {
  test("per day, in totals, per channel and per campaign, for events and audience, before and after a time-zone change", async () => {
    const user = await signedIn();
    // Three days ago, at 21:40 UTC: the data crosses midnight in every zone tried below.
    const base = new Date(Math.floor((Date.now() - 3 * DAY) / DAY) * DAY + 21 * 3_600_000 + 40 * 60_000);
    const { email, sms } = await seedAnalytics(user.teamId, base);

    for (const timeZone of ["UTC", "America/New_York", "Asia/Tokyo"]) {
      await getDb().updateTable("teams").set({ timeZone }).where("id", "=", user.teamId).execute();
      const from = localDate(new Date(base.getTime() - DAY), timeZone);
      const to = localDate(new Date(Date.now() + DAY), timeZone);
      const answer = await apiSeries(user.token, `from=${from}&to=${to}`);
      await expectSeriesMatchesRawRows(user.teamId, timeZone, answer);
      // The machines' hits stay apart: one Apple proxy open, three scanner clicks.
      expect(answer.totals).toMatchObject({
        botOpens: 1,
        botClicks: 3,
        botOpened: 1,
        clicked: 3,
        opened: 4,
        bounced: 2,
        sent: 11,
      });
      // 4 people opened of 11 sent (8 emails, a bounce among them, and 3 SMS).
      expect(answer.totals.openRate).toBe(36.4);
      await expectSeriesMatchesRawRows(
        user.teamId,
        timeZone,
        await apiSeries(user.token, `from=${from}&to=${to}&channel=SMS`),
        "SMS",
      );

      const response = await serveDashboard(
        analyticsPage,
        getRequest(`/dashboard/analytics?from=${from}&to=${to}&sort=name`, user.cookie),
      );
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page.totals).toEqual(answer.totals);
      expect(
        page.campaigns.map((c: Point & { name: string }) => [
          c.name,
          c.sent,
          c.delivered,
          c.opened,
          c.clicked,
          c.unsubscribed,
        ]),
      ).toEqual([
        ["Autumn newsletter", 8, 6, 3, 2, 1],
        ["Flash sale", 3, 2, 1, 1, 0],
      ]);
      expect(page.campaigns[0].id).toBe(email.campaignId);
      expect(page.campaigns[1].id).toBe(sms.campaignId);
      const emailRaw = [...(await recomputeCampaignDays(user.teamId, timeZone, { channel: "EMAIL" })).values()].reduce(
        (sum, day) => sum + day.sent!,
        0,
      );
      expect(page.channels.find((c: { channel: string }) => c.channel === "EMAIL").sent).toBe(emailRaw);

      // Events per name and day; both names are chosen by default (the most frequent).
      const rawEvents = await recomputeEventDays(user.teamId, timeZone);
      const shown = page.events.flatMap((trend: { name: string; days: { date: string; events: number }[] }) =>
        trend.days.filter((d) => d.events > 0).map((d) => ({ name: trend.name, date: d.date, events: d.events })),
      );
      expect(shown.toSorted(byNameAndDate)).toEqual(
        rawEvents.map(({ name, date, events }) => ({ name, date, events })).toSorted(byNameAndDate),
      );
      if (timeZone === "UTC") {
        // People per day are kept in the zone in force when the events arrived (decision 020).
        const people = page.events.flatMap((trend: { name: string; days: { date: string; people: number }[] }) =>
          trend.days.filter((d) => d.people > 0).map((d) => ({ name: trend.name, date: d.date, people: d.people })),
        );
        expect(people.toSorted(byNameAndDate)).toEqual(
          rawEvents
            .filter((r) => r.people > 0)
            .map(({ name, date, people }) => ({ name, date, people }))
            .toSorted(byNameAndDate),
        );
      }

      const added = page.audience
        .filter((d: { added: number }) => d.added > 0)
        .map((d: { date: string; added: number }) => ({ date: d.date, added: d.added }));
      expect(added).toEqual(await recomputeContactsAdded(user.teamId, timeZone));
      expect(page.audience.reduce((sum: number, d: { unsubscribed: number }) => sum + d.unsubscribed, 0)).toBe(1);
    }
  });

  test("a status update retried or repeated adds to the rollups once", async () => {
    const user = await signedIn();
    const base = new Date(Math.floor((Date.now() - 2 * DAY) / 3_600_000) * 3_600_000);
    const { email } = await seedAnalytics(user.teamId, base);
    const query = `from=${localDate(new Date(base.getTime() - DAY), "UTC")}&to=${localDate(new Date(), "UTC")}`;
    const before = (await apiSeries(user.token, query)).totals;
    // A worker that dies after its statement and is run again writes the same outcome again.
    for (let i = 0; i < 3; i++) {
      await getDb()
        .updateTable("deliveries")
        .set((eb) => ({ status: eb.ref("status"), sentAt: eb.ref("sentAt"), updatedAt: new Date() }))
        .where("campaignId", "=", email.campaignId)
        .execute();
    }
    expect((await apiSeries(user.token, query)).totals).toEqual(before);
    await expectSeriesMatchesRawRows(user.teamId, "UTC", await apiSeries(user.token, query));
  });
});

function byNameAndDate(a: { name: string; date: string }, b: { name: string; date: string }) {
  return a.name.localeCompare(b.name) || a.date.localeCompare(b.date);
}
