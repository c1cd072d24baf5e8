import { describe, expect, test } from "vitest";
import { loader as campaignsApi } from "#app/routes/api/campaigns.ts";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { loader as dashboardPage } from "#app/routes/dashboard/index.tsx";
import { getDb } from "#db/database.ts";
import { campaignAnalytics } from "#server/tracking/analytics.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { unsubscribeRecipient } from "#server/tracking/unsubscribe.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { createSentCampaign } from "./fixtures.ts";

const PERSON = {
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  ip: "198.51.100.7",
};

/**
 * A SENT email campaign of 10: 6 accepted, 1 bounced after acceptance, 2 refused,
 * 1 of unknown outcome. Three people open it (one only by clicking), two click,
 * one is opened by Apple's privacy proxy alone, one unsubscribes.
 */
async function seedEmailCampaign(teamId: string) {
  const { campaignId, recipients } = await createSentCampaign(teamId, {
    name: "Spring launch",
    outcomes: ["sent", "sent", "sent", "sent", "sent", "sent", "bounced", "failed", "failed", "unknown"],
  });
  const db = getDb();
  const [a, b, c, d, e] = recipients.map((r) => r.deliveryId);
  await recordOpen(db, { ...PERSON, deliveryId: a! });
  await recordOpen(db, { ...PERSON, deliveryId: a! });
  await recordOpen(db, { ...PERSON, deliveryId: b! });
  await recordClick(db, { ...PERSON, deliveryId: b!, linkIndex: 0, url: "https://example.com/", method: "GET" });
  await recordClick(db, { ...PERSON, deliveryId: c!, linkIndex: 1, url: "https://example.com/docs", method: "GET" });
  await recordOpen(db, { userAgent: "Mozilla/5.0", ip: "17.1.2.3", deliveryId: d! });
  const unsubscriber = recipients[4]!;
  await unsubscribeRecipient(db, {
    target: { deliveryId: e!, teamId, contactId: unsubscriber.contactId, channel: "EMAIL" },
    source: "link",
  });
  return campaignId;
}

const EXPECTED = { sent: 7, delivered: 6, opened: 3, clicked: 2, unsubscribed: 1, bounced: 1, failed: 2, botOpened: 1 };

describe("campaign analytics", () => {
  test("count each recipient once: sent, delivered, unique human opens and clicks, unsubscribes, bounces, failures", async () => {
    const { teamId } = await signedIn();
    const campaignId = await seedEmailCampaign(teamId);
    expect((await campaignAnalytics(getDb(), { teamId, campaignIds: [campaignId] })).get(campaignId)).toEqual(EXPECTED);
  });

  test("SMS and WhatsApp count as delivered only what the provider confirmed", async () => {
    const { teamId } = await signedIn();
    const { campaignId } = await createSentCampaign(teamId, {
      type: "SMS",
      outcomes: ["delivered", "delivered", "sent", "failed"],
    });
    expect((await campaignAnalytics(getDb(), { teamId, campaignIds: [campaignId] })).get(campaignId)).toMatchObject({
      sent: 3,
      delivered: 2,
      failed: 1,
    });
  });

  test("another team's campaign has no analytics to show", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const campaignId = await seedEmailCampaign(owner.teamId);
    expect((await campaignAnalytics(getDb(), { teamId: stranger.teamId, campaignIds: [campaignId] })).size).toBe(0);
  });

  test("the Broadcasts page shows them on the campaign and in the summary cards", async () => {
    const user = await signedIn();
    await seedEmailCampaign(user.teamId);
    const page = await (await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie))).json();
    expect(page.campaigns[0].analytics).toMatchObject({ sent: 7, opened: 3, clicked: 2 });
    // 3 / 7 and 2 / 7, to one decimal.
    expect(page.summary).toEqual({ totalCampaigns: 1, emailsSent: 7, avgOpenRate: "42.9", avgClickRate: "28.6" });
  });

  test("the Dashboard's open rate and recent campaigns read them", async () => {
    const user = await signedIn();
    await seedEmailCampaign(user.teamId);
    const page = await (await serveDashboard(dashboardPage, getRequest("/dashboard", user.cookie))).json();
    expect(page.stats.openRate.value).toBe(42.9);
    expect(page.recentCampaigns[0]).toMatchObject({ name: "Spring launch", opens: 3, clicks: 2, clickRate: 66.7 });
  });

  test("the API's campaigns carry { sent, opened, clicked } and the rest beside them", async () => {
    const user = await signedIn();
    await seedEmailCampaign(user.teamId);
    const response = await respond(() => campaignsApi(routeArgs(getRequest("/api/campaigns", bearer(user.token)))));
    const { data } = await response.json();
    expect(data[0].analytics).toEqual(EXPECTED);
  });
});
