import { describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import { loader as campaignAnalyticsApi } from "#app/routes/api/campaign-analytics.ts";
import { loader as campaignsCsv } from "#app/routes/dashboard/analytics-campaigns-csv.ts";
import * as analyticsPage from "#app/routes/dashboard/analytics.tsx";
import { getDb } from "#db/database.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { rollUpEvents } from "./roll-up.ts";
import { seedAnalytics } from "./seed.ts";

/** Names a goal for the campaign after its events arrived; the worker recounts it. */
async function setOrderGoal(campaignId: string) {
  await getDb()
    .updateTable("campaigns")
    .set({
      conversionGoal: JSON.stringify({
        event: "Order Completed",
        properties: [],
        withinDays: 5,
        revenueProperty: null,
      }),
    })
    .where("id", "=", campaignId)
    .execute();
  await rollUpEvents();
}

const HOUR = 3_600_000;

async function api(token: string, query: string) {
  return respond(() => analyticsApi(routeArgs(getRequest(`/api/analytics?${query}`, bearer(token)))));
}

describe("GET /api/analytics", () => {
  test.each([
    ["from=2026/12/01&to=2026-12-01", "from", "Use a date written YYYY-MM-DD."],
    ["from=2026-13-01&to=2026-12-01", "from", "This date does not exist."],
    ["from=2026-02-30&to=2026-03-01", "from", "This date does not exist."],
    ["from=2026-03-02&to=2026-03-01", "to", "The end must not come before the start."],
    ["from=2026-03-01", "to", "Give both from and to, or neither."],
    ["from=2020-01-01&to=2026-01-01", "to", "A range may span at most 366 days."],
    ["channel=FAX", "channel", "Choose EMAIL, SMS or WHATSAPP."],
    ["campaignId=42", "campaignId", "Give the id of one of your campaigns."],
    ["range=1y", "range", "Choose 7d, 30d or 90d."],
  ])("answers %s with a 400 naming the field", async (query, field, message) => {
    const user = await signedIn();
    const response = await api(user.token, query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields[field]).toEqual([message]);
    expect(body.message).toContain(`${field}: ${message}`);
  });

  test("another team's campaign is a 404, and no session is a 401", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { email } = await seedAnalytics(owner.teamId, new Date(Date.now() - 30 * HOUR));
    const response = await api(stranger.token, `campaignId=${email.campaignId}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Campaign not found." });
    expect((await respond(() => analyticsApi(routeArgs(getRequest("/api/analytics"))))).status).toBe(401);
    expect(
      (
        await respond(() =>
          campaignAnalyticsApi(
            routeArgs(getRequest(`/api/campaigns/${email.campaignId}/analytics`, bearer(stranger.token)), {
              params: { id: email.campaignId },
            }),
          ),
        )
      ).status,
    ).toBe(404);
  });

  test("last 7 days by default compare with the 7 before, with 0.0 rates when nothing was sent", async () => {
    const user = await signedIn();
    const response = await api(user.token, "range=7d");
    const { data } = await response.json();
    expect(data.series).toHaveLength(7);
    expect(data.totals).toMatchObject({ sent: 0, openRate: 0, clickRate: 0, clickToOpenRate: 0 });
    expect(data.previous.sent).toBe(0);
  });

  test("a range of two days or less is a series per hour, filtered to one campaign", async () => {
    const user = await signedIn();
    const base = new Date(Math.floor((Date.now() - 10 * HOUR) / HOUR) * HOUR);
    const { email } = await seedAnalytics(user.teamId, base);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    const { data } = await (
      await api(user.token, `from=${yesterday}&to=${today}&campaignId=${email.campaignId}`)
    ).json();
    expect(data.series).toHaveLength(48);
    const firstOpen = data.series.find(
      (point: { date: string }) => point.date === new Date(base.getTime() + HOUR).toISOString().replace(".000Z", "Z"),
    );
    expect(firstOpen).toMatchObject({ opened: 1, opens: 1 });
    // The SMS campaign is filtered out.
    expect(data.totals.sent).toBe(8);
  });
});

describe("GET /api/campaigns/{id}/analytics", () => {
  test("the funnel, opens and clicks per hour for 48 hours after sending then per day, links, mail clients and conversions", async () => {
    const user = await signedIn();
    const base = new Date(Math.floor((Date.now() - 80 * HOUR) / HOUR) * HOUR);
    const { email } = await seedAnalytics(user.teamId, base);
    await getDb().updateTable("campaigns").set({ startedAt: base }).where("id", "=", email.campaignId).execute();
    const response = await respond(() =>
      campaignAnalyticsApi(
        routeArgs(getRequest(`/api/campaigns/${email.campaignId}/analytics`, bearer(user.token)), {
          params: { id: email.campaignId },
        }),
      ),
    );
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.funnel).toMatchObject({
      sent: 8,
      delivered: 6,
      opened: 3,
      clicked: 2,
      unsubscribed: 1,
      bounced: 2,
      failed: 2,
      botOpened: 1,
      botClicks: 3,
      openRate: 37.5,
      clickRate: 25,
    });
    const hourly = data.timeline.slice(0, 48);
    expect(hourly.map((p: { at: string }) => Date.parse(p.at) - base.getTime())).toEqual(
      Array.from({ length: 48 }, (_, i) => i * HOUR),
    );
    expect(
      hourly
        .filter((p: { opened: number }) => p.opened > 0)
        .map((p: { at: string }) => (Date.parse(p.at) - base.getTime()) / HOUR),
    ).toEqual([1, 2, 5]);
    expect(
      hourly
        .filter((p: { clicked: number }) => p.clicked > 0)
        .map((p: { at: string }) => (Date.parse(p.at) - base.getTime()) / HOUR),
    ).toEqual([5, 26]);
    // Nothing of people's after 48 hours (the 50th hour's clicks were a scanner's).
    expect(data.timeline.slice(48)).toEqual([]);
    // Each link a person followed, the scanner's burst left out; opens by mail client, the proxy's apart.
    expect(data.links).toHaveLength(2);
    expect(data.links).toEqual(
      expect.arrayContaining([
        { url: "https://example.com/", uniqueClicks: 1, clicks: 1 },
        { url: "https://example.com/docs", uniqueClicks: 1, clicks: 1 },
      ]),
    );
    expect(data.clients.reduce((sum: number, row: { opens: number }) => sum + row.opens, 0)).toBe(4);
    expect(data.clients).toContainEqual({ client: "machine", opens: 1 });
    // No conversion goal was named.
    expect(data.conversions).toEqual({ count: 0, rate: 0, revenue: 0 });
  });
});

describe("the Analytics page", () => {
  test("renders on the server, without JavaScript, with figures, counts beside rates, charts and their tables", async () => {
    const user = await signedIn();
    const base = new Date(Math.floor((Date.now() - 60 * HOUR) / HOUR) * HOUR);
    const { email } = await seedAnalytics(user.teamId, base);
    await setOrderGoal(email.campaignId);
    const path = "/dashboard/analytics?range=7d&sort=openRate";
    const { html, text, status } = await renderPage(path, analyticsPage, async () =>
      (await serveDashboard(analyticsPage.loader, getRequest(path, user.cookie))).json(),
    );
    expect(status).toBe(200);
    expect(text).toContain("Open rate 36.4% 4 of 11 sent");
    expect(text).toContain("Unique clicks 3");
    expect(text).toContain("Machines (mail privacy proxies, link scanners): 1 opens and 3 clicks");
    expect(html).toContain('<svg viewBox="0 0 720 220"');
    expect(html).toMatch(/<path d="M[^"]+" fill="none" stroke="#22c55e"/);
    expect(text).toContain("Sent, delivered, opened and clicked: the numbers");
    // The newsletter's first five recipients ordered after receiving it: 5 of the 6 it reached.
    expect(text).toContain("Conversions 5 +5 (none before)");
    // Of everyone who received a message in the range: 9 (6 emails and 3 SMS).
    expect(text).toContain("Conversion rate 55.6% 5 of 9 received");
    // Sorted by open rate, the counts beside each rate, conversions with their rate.
    expect(text).toContain(
      "Open rate ↓ Click rate Unsubscribes Conversions Revenue Autumn newsletter 8 6 37.5% (3) 25.0% (2) 1 5 (83.3%) 0 Flash sale 3 2 33.3% (1) 33.3% (1) 0 0 (0.0%) 0",
    );
    expect(text).toContain("Order Completed");
  });

  test("says what to do when there is nothing yet, and names a bad parameter", async () => {
    const user = await signedIn();
    const path = "/dashboard/analytics?range=forever&sort=mood";
    const response = await serveDashboard(analyticsPage.loader, getRequest(path, user.cookie));
    expect(response.status).toBe(400);
    const { text } = await renderPage(path, analyticsPage, async () => response.json());
    expect(text).toContain("range: Choose 7d, 30d or 90d.");
    expect(text).toContain("sort: Choose one of name, sent, delivered, openRate, clickRate, unsubscribed.");
    expect(text).toContain(
      "Nothing was sent or opened in this range. Send a campaign from Broadcasts, or choose a longer range.",
    );
    expect(text).toContain("No product events in this range.");
  });

  test("exports the campaigns table as CSV with the page's filters and order", async () => {
    const user = await signedIn();
    const { email } = await seedAnalytics(user.teamId, new Date(Date.now() - 30 * HOUR));
    await setOrderGoal(email.campaignId);
    const response = await serveDashboard(
      campaignsCsv,
      getRequest("/dashboard/analytics/campaigns.csv?range=7d&sort=name", user.cookie),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "campaign_id,campaign,channel,sent,delivered,opened,open_rate,clicked,click_rate,unsubscribed,bounced,failed,conversions,conversion_rate,revenue",
    );
    // Conversions counted in the range (up to the end of today, UTC): the five buyers' first orders, some may be later.
    const conversions = (
      await getDb()
        .selectFrom("campaignConversions")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("campaignId", "=", email.campaignId)
        .where("convertedAt", "<", new Date(Math.ceil(Date.now() / (24 * HOUR)) * 24 * HOUR))
        .executeTakeFirstOrThrow()
    ).n;
    expect(lines.slice(1).map((line) => line.split(",").slice(1).join(","))).toEqual([
      `Autumn newsletter,EMAIL,8,6,3,37.5,2,25.0,1,2,2,${conversions},${(Math.round((Number(conversions) / 6) * 1000) / 10).toFixed(1)},0`,
      "Flash sale,SMS,3,2,1,33.3,1,33.3,0,0,1,0,0.0,0",
    ]);
  });
});
