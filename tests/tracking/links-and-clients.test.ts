import { describe, expect, test } from "vitest";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { campaignClients } from "#server/campaigns/campaign-clients.ts";
import { campaignLinks } from "#server/campaigns/campaign-links.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { addContacts, draftCampaign, sendQueues } from "../delivery/fixtures.ts";
import { APPLE_MAIL, BROWSER, sendWholeCampaign } from "../delivery/outcomes-fixture.ts";
import { planOf } from "../delivery/plan-of.ts";

const queues = sendQueues();

const PRICING = "https://example.com/pricing";
const DOCS = "https://example.com/docs";
const GMAIL = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const OUTLOOK = "Microsoft Outlook 16.0.17029; ms-office; MSOffice 16";

async function sentCampaign(teamId: string) {
  await addContacts(
    teamId,
    ["ann", "bob", "cy"].map((name) => ({ email: `${name}@murmur.test`, name })),
  );
  const campaign = await draftCampaign(teamId, {
    content: `<p><a href="${PRICING}">Pricing</a> <a href="${DOCS}">Docs</a></p>`,
  });
  const rows = await sendWholeCampaign(queues, teamId, campaign.id);
  const to = (name: string) => rows.find((row) => row.address === `${name}@murmur.test`)!.id;
  return { campaign, to };
}

describe("a campaign's links and mail clients", () => {
  test("each link with unique and total clicks by people, and opens by mail client with machines apart, on the page", async () => {
    const db = getDb();
    const user = await signedIn();
    const { campaign, to } = await sentCampaign(user.teamId);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const click = (name: string, linkIndex: number, url: string, minutes: number, method = "GET") =>
      recordClick(db, {
        deliveryId: to(name),
        linkIndex,
        url,
        method,
        userAgent: BROWSER,
        ip: "203.0.113.9",
        at: at(minutes),
      });
    await click("ann", 0, PRICING, 1);
    await click("ann", 0, PRICING, 5);
    await click("bob", 0, PRICING, 2);
    await click("bob", 1, DOCS, 3);
    // A link checker's HEAD request is a machine's click: counted nowhere.
    await click("cy", 1, DOCS, 4, "HEAD");

    const open = (name: string, userAgent: string, minutes: number, ip = "203.0.113.9") =>
      recordOpen(db, { deliveryId: to(name), userAgent, ip, at: at(minutes) });
    await open("ann", APPLE_MAIL, 1);
    await open("ann", APPLE_MAIL, 30);
    await open("bob", GMAIL, 2);
    await open("cy", OUTLOOK, 3);
    await open(
      "cy",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      4,
    );
    // Apple's privacy proxy fetching the pixel from Apple's network: a machine.
    await open("cy", "Mozilla/5.0", 0.5, "17.58.63.12");

    const page = await (
      await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${campaign.id}`, user.cookie), {
        id: campaign.id,
      })
    ).json();
    expect(page.links).toEqual([
      { url: PRICING, uniqueClicks: 2, clicks: 3 },
      { url: DOCS, uniqueClicks: 1, clicks: 1 },
    ]);
    expect(page.clients).toEqual([
      { client: "apple_mail", opens: 2 },
      { client: "gmail", opens: 1 },
      { client: "outlook", opens: 1 },
      { client: "other", opens: 1 },
      { client: "machine", opens: 1 },
    ]);
  });

  test("another team's campaign is NOT_FOUND, and a campaign with no hits has no links and zero opens", async () => {
    const user = await signedIn();
    const { campaign } = await sentCampaign(user.teamId);
    expect(await campaignLinks(getDb(), { teamId: user.teamId, campaignId: campaign.id })).toEqual([]);
    expect(
      (await campaignClients(getDb(), { teamId: user.teamId, campaignId: campaign.id })).every(
        (row) => row.opens === 0,
      ),
    ).toBe(true);
    const stranger = await signedIn();
    await expect(campaignLinks(getDb(), { teamId: stranger.teamId, campaignId: campaign.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(campaignClients(getDb(), { teamId: stranger.teamId, campaignId: campaign.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const theirPage = await serveDashboard(
      campaignPage,
      getRequest(`/dashboard/broadcasts/${campaign.id}`, stranger.cookie),
      { id: campaign.id },
    );
    expect(theirPage.status).toBe(404);
  });

  test("both read only the campaign's own rows of the kept link and client figures, never its clicks or opens", async () => {
    const user = await signedIn();
    const { campaign } = await sentCampaign(user.teamId);
    const links = await planOf((db) => campaignLinks(db, { teamId: user.teamId, campaignId: campaign.id }));
    expect(links).toMatch(/Index Scan on campaign_link_clicks_pkey|Index Scan using campaign_link_clicks_pkey/);
    const clients = await planOf((db) => campaignClients(db, { teamId: user.teamId, campaignId: campaign.id }));
    expect(clients).toMatch(/Index Scan on campaign_client_opens_pkey|Index Scan using campaign_client_opens_pkey/);
    expect(`${links}\n${clients}`).not.toMatch(/engagement_events/);
  });
});
