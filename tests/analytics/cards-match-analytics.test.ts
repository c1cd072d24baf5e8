import { describe, expect, test } from "vitest";
import { loader as analyticsPage } from "#app/routes/dashboard/analytics.tsx";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { loader as dashboardPage } from "#app/routes/dashboard/index.tsx";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { seedAnalytics } from "./seed.ts";

const HOUR = 3_600_000;

type CampaignFigures = { id: string; name: string; sent: number; delivered: number; opened: number; clicked: number };

async function pageData(loader: Parameters<typeof serveDashboard>[0], path: string, cookie: HeadersInit) {
  return (await serveDashboard(loader, getRequest(path, cookie), { id: "" })).json();
}

describe("the Dashboard's and Broadcasts' cards", () => {
  test("show the figures the Analytics page shows for the same period, campaign by campaign and pooled", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    // Another team's campaigns, sent at the same times, count on neither side.
    // Everything the seed does falls within its first 51 hours, so all of it is inside the last 7 days.
    const base = new Date(Math.floor((Date.now() - 60 * HOUR) / HOUR) * HOUR);
    const { email, sms } = await seedAnalytics(user.teamId, base);
    await seedAnalytics(stranger.teamId, base);
    const analytics = await pageData(analyticsPage, "/dashboard/analytics?range=7d", user.cookie);
    const broadcasts = await pageData(broadcastsPage, "/dashboard/broadcasts", user.cookie);
    const dashboard = await pageData(dashboardPage, "/dashboard", user.cookie);

    const { totals } = analytics;
    expect(totals.sent).toBeGreaterThan(0);
    expect(totals.opened).toBeGreaterThan(0);
    const emailChannel = analytics.channels.find((row: { channel: string }) => row.channel === "EMAIL");
    expect(broadcasts.summary).toEqual({
      totalCampaigns: analytics.campaigns.total,
      emailsSent: emailChannel.sent,
      avgOpenRate: totals.openRate.toFixed(1),
      avgClickRate: totals.clickRate.toFixed(1),
    });
    expect(dashboard.stats.openRate.value).toBe(totals.openRate);

    // Each campaign's card: the same sent, delivered, opened and clicked as its row of the Analytics table.
    const rows = new Map<string, CampaignFigures>(
      analytics.campaigns.rows.map((row: CampaignFigures) => [row.id, row]),
    );
    expect([...rows.keys()].sort()).toEqual([email.campaignId, sms.campaignId].sort());
    for (const card of broadcasts.campaigns as { id: string; analytics: Omit<CampaignFigures, "id" | "name"> }[]) {
      const row = rows.get(card.id)!;
      expect(card.analytics).toMatchObject({
        sent: row.sent,
        delivered: row.delivered,
        opened: row.opened,
        clicked: row.clicked,
      });
    }
    for (const recent of dashboard.recentCampaigns as { id: string; opens: number; clicks: number }[]) {
      const row = rows.get(recent.id)!;
      expect({ opens: recent.opens, clicks: recent.clicks }).toEqual({ opens: row.opened, clicks: row.clicked });
    }
  });
});
