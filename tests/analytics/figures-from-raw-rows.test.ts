import { describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import { loader as analyticsPage } from "#app/routes/dashboard/analytics.tsx";
import { getDb } from "#db/database.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { recomputeCampaignDays, recomputeContactsAdded, recomputeEventDays } from "./recompute.ts";
import { seedAnalytics } from "./seed.ts";
import { loader as campaignAnalyticsApi } from "#app/routes/api/campaign-analytics.ts";
import { newId } from "#db/ids.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { recomputeConversions, recomputePropertyValues, recomputeReceived } from "./recompute-conversions.ts";
import { rollUpEvents } from "./roll-up.ts";

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
type Point = Record<(typeof FIGURES)[number], number> & {
  date: string;
  openRate?: number;
  conversions?: number;
  revenue?: number;
};

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
        page.campaigns.rows.map((c: Point & { name: string }) => [
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
      expect(page.campaigns.rows[0].id).toBe(email.campaignId);
      expect(page.campaigns.rows[1].id).toBe(sms.campaignId);
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
    // The seed reaches 50 hours past its base: three days back keeps all of it before today's end.
    const base = new Date(Math.floor((Date.now() - 3 * DAY) / 3_600_000) * 3_600_000);
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

describe("conversions and property values equal what the raw rows say", () => {
  test("two campaigns claiming one event, an event outside the window, a retried batch and a goal changed afterwards", async () => {
    const user = await signedIn();
    const db = getDb();
    const base = new Date(Math.floor((Date.now() - 3 * DAY) / DAY) * DAY + 21 * 3_600_000 + 40 * 60_000);
    const at = (hours: number) => new Date(base.getTime() + hours * 3_600_000);
    // Events arrive first (Order Completed by the newsletter's first five recipients over three days) ...
    const { email, sms } = await seedAnalytics(user.teamId, base);
    const [a, b, c, d] = email.recipients.map((r) => r.contactId);
    // ... then a reminder reaches two of them a day after the newsletter ...
    const reminder = await createSentCampaign(user.teamId, { name: "Reminder", recipients: 0, sentAt: at(24) });
    await db
      .insertInto("deliveries")
      .values(
        [a!, b!].map((contactId) => ({
          id: newId(),
          teamId: user.teamId,
          campaignId: reminder.campaignId,
          contactId,
          channel: "EMAIL",
          address: `${contactId}@example.com`,
          status: "sent",
          sentAt: at(24),
        })),
      )
      .execute();
    // ... and only then are goals set: recounted from the stored events, in small steps.
    const setGoal = (campaignId: string, goal: object) =>
      db
        .updateTable("campaigns")
        .set({
          conversionGoal: JSON.stringify({ event: "Order Completed", properties: [], revenueProperty: null, ...goal }),
        })
        .where("id", "=", campaignId)
        .execute();
    await setGoal(reminder.campaignId, { withinDays: 1 });
    await setGoal(email.campaignId, { withinDays: 2, revenueProperty: "total" });
    await rollUpEvents({ recountLimit: 2 });

    // New events, handled as they arrive; the client sends the batch twice.
    const orders: TrackedMessage[] = [
      { contact: a!, hours: 30, total: 40, plan: "pro" }, // inside both windows: the reminder, received last, wins
      { contact: b!, hours: 47, total: 25, plan: "free" }, // the same, at the end of both windows
      { contact: c!, hours: 10, total: 15, plan: "pro" },
      { contact: d!, hours: 60, total: 99, plan: "pro" }, // past every window: no one's
    ].map((o, i) => ({
      id: newId(),
      type: "track",
      name: "Order Completed",
      userId: `buyer-${i}`,
      anonymousId: null,
      properties: { total: o.total, plan: o.plan },
      context: {},
      messageId: `order-${base.getTime()}-${i}`,
      occurredAt: at(o.hours),
      contact: o.contact,
    }));
    const contactOf = (m: TrackedMessage) => (m as TrackedMessage & { contact: string }).contact;
    for (let i = 0; i < 2; i++)
      await insertEvents(db, { teamId: user.teamId, messages: orders, receivedAt: new Date(), contactOf });
    await rollUpEvents();

    const from = localDate(new Date(base.getTime() - DAY), "UTC");
    const to = localDate(new Date(Date.now() + DAY), "UTC");
    const expectShownMatchesRawRows = async () => {
      const raw = await recomputeConversions(user.teamId);
      const received = await recomputeReceived(user.teamId);
      const campaigns = [email.campaignId, sms.campaignId, reminder.campaignId];
      const expected = campaigns.map((id) => ({ id, ...(raw.get(id) ?? { conversions: 0, revenue: 0 }) }));
      const total = expected.reduce(
        (sum, row) => ({ conversions: sum.conversions + row.conversions, revenue: sum.revenue + row.revenue }),
        { conversions: 0, revenue: 0 },
      );
      const answer = await apiSeries(user.token, `from=${from}&to=${to}`);
      expect({ conversions: answer.totals.conversions, revenue: answer.totals.revenue }).toEqual(total);
      const page = await (
        await serveDashboard(analyticsPage, getRequest(`/dashboard/analytics?from=${from}&to=${to}`, user.cookie))
      ).json();
      expect(page.totals).toEqual(answer.totals);
      for (const row of expected) {
        const shown = page.campaigns.rows.find((c: { id: string }) => c.id === row.id);
        expect({ id: row.id, conversions: shown?.conversions ?? 0, revenue: shown?.revenue ?? 0 }).toEqual(row);
        const api = await respond(() =>
          campaignAnalyticsApi(
            routeArgs(getRequest(`/api/campaigns/${row.id}/analytics`, bearer(user.token)), { params: { id: row.id } }),
          ),
        );
        const rate = Math.round((row.conversions / (received.get(row.id) ?? 1)) * 1000) / 10;
        expect((await api.json()).data.conversions).toEqual({
          count: row.conversions,
          rate: rate || 0,
          revenue: row.revenue,
        });
      }
      return expected;
    };

    const shown = await expectShownMatchesRawRows();
    // What the data was made for: both campaigns claim a's and b's orders and the reminder,
    // received last, has them; the order past every window is no one's.
    const reminderRow = shown.find((row) => row.id === reminder.campaignId)!;
    expect(reminderRow.conversions).toBe(2);
    expect(shown.find((row) => row.id === email.campaignId)!.conversions).toBeGreaterThan(0);
    // The order past every window converted for no one.
    const winner = await db
      .selectFrom("campaignConversions")
      .innerJoin("events", "events.id", "campaignConversions.eventId")
      .select(["campaignConversions.campaignId", "events.messageId"])
      .where("events.messageId", "like", `order-${base.getTime()}-%`)
      .orderBy("events.messageId")
      .execute();
    expect(winner.find((w) => w.messageId.endsWith("-3"))).toBeUndefined();

    // The newsletter's goal changes afterwards: only pro plans. Recounted, and the figures follow.
    await setGoal(email.campaignId, {
      withinDays: 2,
      revenueProperty: "total",
      properties: [{ property: "plan", operator: "equals", value: "pro" }],
    });
    await rollUpEvents({ recountLimit: 3 });
    const after = await expectShownMatchesRawRows();
    expect(after).not.toEqual(shown);

    // The top values of a property of the chosen event, on the page and through the API.
    const rawPlans = await recomputePropertyValues(user.teamId, "Order Completed", "plan");
    const page = await (
      await serveDashboard(
        analyticsPage,
        getRequest(`/dashboard/analytics?from=${from}&to=${to}&event=Order+Completed&property=plan`, user.cookie),
      )
    ).json();
    expect(page.properties.properties).toEqual(["plan", "total"]);
    expect(page.properties.values).toEqual(rawPlans);
    const api = await apiSeries(user.token, `from=${from}&to=${to}&property=plan&event=Order+Completed`);
    expect((api as unknown as { propertyValues: unknown }).propertyValues).toEqual({
      property: "plan",
      event: "Order Completed",
      values: rawPlans,
    });
  });
});

function byNameAndDate(a: { name: string; date: string }, b: { name: string; date: string }) {
  return a.name.localeCompare(b.name) || a.date.localeCompare(b.date);
}
