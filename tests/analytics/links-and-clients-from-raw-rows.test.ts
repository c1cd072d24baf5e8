import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { loader as campaignAnalyticsApi } from "#app/routes/api/campaign-analytics.ts";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { backfillLinksAndClients } from "#migrations/2026-11-24T1540-campaign-link-and-client-rollups.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { recomputeCampaignClients, recomputeCampaignLinks } from "./recompute-links-and-clients.ts";
import { PERSON, seedAnalytics } from "./seed.ts";

const HOUR = 3_600_000;
const GMAIL = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const OUTLOOK = "Microsoft Outlook 16.0.17029; ms-office; MSOffice 16";

/** The seeded data, plus the cases a kept count can get wrong (see each comment). */
async function seedLinksAndClients(teamId: string) {
  const db = getDb();
  const base = new Date(Math.floor((Date.now() - 3 * 24 * HOUR) / HOUR) * HOUR);
  const at = (hours: number, ms = 0) => new Date(base.getTime() + hours * HOUR + ms);
  // seedAnalytics has people's clicks, and a scanner's burst of three links whose
  // first two were counted as people's until the third put them down to the machine.
  const { email, sms } = await seedAnalytics(teamId, base);
  const [a, b] = email.recipients;
  const click = (deliveryId: string, linkIndex: number, url: string, hours: number, ms = 0) =>
    recordClick(db, { ...PERSON, deliveryId, linkIndex, url, method: "GET", at: at(hours, ms) });
  // The same person following the same link again: one more click, not one more person.
  await click(b!.deliveryId, 0, "https://example.com/", 40);
  // a follows a link, and later a scanner follows every link of a's message at once,
  // that one among them: the burst's click of it is reclassified, a's own stays.
  await click(a!.deliveryId, 0, "https://example.com/", 41);
  for (const [i, ms] of [0, 300, 700].entries())
    await click(a!.deliveryId, i, `https://example.com/${i || ""}`, 60, ms);
  // Opens from other mail clients, and one with no User-Agent at all.
  await recordOpen(db, { userAgent: GMAIL, ip: "203.0.113.9", deliveryId: b!.deliveryId, at: at(42) });
  await recordOpen(db, { userAgent: OUTLOOK, ip: "203.0.113.9", deliveryId: a!.deliveryId, at: at(43) });
  await recordOpen(db, { userAgent: null, ip: "203.0.113.9", deliveryId: a!.deliveryId, at: at(44) });
  return { email, sms };
}

async function shownOnPageAndApi(user: Awaited<ReturnType<typeof signedIn>>, campaignId: string) {
  const page = await (
    await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${campaignId}`, user.cookie), {
      id: campaignId,
    })
  ).json();
  const api = await respond(() =>
    campaignAnalyticsApi(
      routeArgs(getRequest(`/api/campaigns/${campaignId}/analytics`, bearer(user.token)), {
        params: { id: campaignId },
      }),
    ),
  );
  expect(api.status).toBe(200);
  const { data } = await api.json();
  expect({ links: data.links, clients: data.clients }).toEqual({ links: page.links, clients: page.clients });
  return { links: page.links, clients: page.clients };
}

describe("a campaign's links and mail clients equal what its engagement events say", () => {
  test("repeated clicks, a machine's burst reclassified over a person's click of the same link, every mail client", async () => {
    const user = await signedIn();
    const { email, sms } = await seedLinksAndClients(user.teamId);
    for (const campaign of [email, sms]) {
      expect(await shownOnPageAndApi(user, campaign.campaignId)).toEqual({
        links: await recomputeCampaignLinks(campaign.campaignId),
        clients: await recomputeCampaignClients(campaign.campaignId),
      });
    }
    // What the data was made for: the scanner's clicks count nowhere, a's and b's
    // repeated clicks of the home page count once each as people.
    const shown = await shownOnPageAndApi(user, email.campaignId);
    expect(shown.links).toEqual([
      { url: "https://example.com/", uniqueClicks: 2, clicks: 3 },
      { url: "https://example.com/docs", uniqueClicks: 1, clicks: 1 },
    ]);
    // The seed's people read in Safari (other); a fetch with no User-Agent is a machine's.
    expect(shown.clients).toEqual([
      { client: "apple_mail", opens: 0 },
      { client: "gmail", opens: 1 },
      { client: "outlook", opens: 1 },
      { client: "other", opens: 3 },
      { client: "machine", opens: 2 },
    ]);
  });

  test("the migration's backfill rebuilds from stored rows exactly what the triggers kept", async () => {
    const user = await signedIn();
    const { email } = await seedLinksAndClients(user.teamId);
    const rows = async () => {
      const { rows } = await sql<{ line: string }>`
        select concat_ws(' ', campaign_id, url, unique_clicks, clicks) as line from campaign_link_clicks
        where campaign_id = ${email.campaignId} and clicks <> 0
        union all
        select concat_ws(' ', campaign_id, machine, user_agent, opens) from campaign_client_opens
        where campaign_id = ${email.campaignId} and opens <> 0
        order by 1`.execute(getDb());
      return rows.map((row) => row.line);
    };
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(4);
    await sql`truncate campaign_link_clicks, campaign_client_opens`.execute(getDb());
    await backfillLinksAndClients(getDb());
    expect(await rows()).toEqual(kept);
  });
});
