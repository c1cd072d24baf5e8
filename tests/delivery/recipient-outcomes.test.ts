import { describe, expect, test } from "vitest";
import { sql } from "kysely";
import { loader as recipientsApi } from "#app/routes/api/campaign-recipients.ts";
import { loader as recipientsCsvApi } from "#app/routes/api/campaign-recipients-csv.ts";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { loader as recipientsCsvPage } from "#app/routes/dashboard/broadcast-recipients-csv.ts";
import { RECIPIENT_OUTCOMES, listRecipients } from "#server/delivery/recipient-outcomes.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { addContacts, draftCampaign, sendQueues } from "./fixtures.ts";
import { campaignWithOutcomes } from "./outcomes-fixture.ts";
import { planOf } from "./plan-of.ts";
import { getDb } from "#db/database.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

const api = (path: string, token: string, id: string) =>
  respond(() => recipientsApi(routeArgs(getRequest(path, bearer(token)), { params: { id } })));
const csvApi = (path: string, token: string, id: string) =>
  respond(() => recipientsCsvApi(routeArgs(getRequest(path, bearer(token)), { params: { id } })));
const addresses = (rows: { address: string }[]) => rows.map((row) => row.address.split("@")[0]).sort();

describe("a campaign's recipients by outcome", () => {
  test("the API lists each outcome's recipients; machine opens count as not opened", async () => {
    const user = await signedIn();
    const { campaign } = await campaignWithOutcomes(queues, user.teamId);
    const expected: Record<string, string[]> = {
      opened: ["clicked", "opened"],
      clicked: ["clicked"],
      bounced: ["bounced"],
      unsubscribed: ["unsubscribed"],
      failed: ["failed"],
      not_opened: ["machine", "quiet", "unsubscribed"],
      held_back: [],
    };
    for (const outcome of RECIPIENT_OUTCOMES) {
      const response = await api(
        `/api/campaigns/${campaign.id}/recipients?outcome=${outcome}`,
        user.token,
        campaign.id,
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect({ outcome, who: addresses(body.data) }).toEqual({ outcome, who: expected[outcome] });
      expect(body.nextCursor).toBeNull();
    }
    const all = await (await api(`/api/campaigns/${campaign.id}/recipients`, user.token, campaign.id)).json();
    expect(all.data).toHaveLength(7);
    const clicked = all.data.find((row: { address: string }) => row.address === "clicked@murmur.test");
    expect(clicked).toMatchObject({ status: "sent", openedAt: expect.any(String), clickedAt: expect.any(String) });
    expect(all.data.find((row: { address: string }) => row.address === "bounced@murmur.test")).toMatchObject({
      status: "bounced",
    });
  });

  test("pages by cursor with every recipient once; limit, outcome and cursor are checked; another team's campaign is a 404", async () => {
    const user = await signedIn();
    const { campaign } = await campaignWithOutcomes(queues, user.teamId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/campaigns/${campaign.id}/recipients?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const body: { data: { address: string }[]; nextCursor: string | null } = await (
        await api(path, user.token, campaign.id)
      ).json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((row) => row.address));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);

    const badOutcome = await api(`/api/campaigns/${campaign.id}/recipients?outcome=read`, user.token, campaign.id);
    expect(badOutcome.status).toBe(400);
    expect((await badOutcome.json()).fields.outcome[0]).toContain(
      "opened, clicked, bounced, unsubscribed, failed, not_opened, held_back",
    );
    const badLimit = await api(`/api/campaigns/${campaign.id}/recipients?limit=501`, user.token, campaign.id);
    expect(badLimit.status).toBe(400);
    expect((await badLimit.json()).fields.limit).toEqual(["limit must be 1 to 500"]);
    const badCursor = await api(`/api/campaigns/${campaign.id}/recipients?cursor=bm9wZQ`, user.token, campaign.id);
    expect(badCursor.status).toBe(400);
    expect((await badCursor.json()).fields.cursor).toBeDefined();

    const stranger = await signedIn();
    const theirs = await api(`/api/campaigns/${campaign.id}/recipients`, stranger.token, campaign.id);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: "Campaign not found." });
    expect((await csvApi(`/api/campaigns/${campaign.id}/recipients.csv`, stranger.token, campaign.id)).status).toBe(
      404,
    );
    expect((await api(`/api/campaigns/not-an-id/recipients`, user.token, "not-an-id")).status).toBe(404);
  });

  test("the CSV export holds exactly the filtered list, from the API and from the page", async () => {
    const user = await signedIn();
    const { campaign } = await campaignWithOutcomes(queues, user.teamId);
    const response = await csvApi(
      `/api/campaigns/${campaign.id}/recipients.csv?outcome=clicked`,
      user.token,
      campaign.id,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("-clicked-recipients.csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("contact_id,name,address,status,sent_at,opened_at,clicked_at,error");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},clicked,clicked@murmur\.test,sent,\d{4}-.*Z,\d{4}-.*Z,\d{4}-.*Z,$/);

    const page = await serveDashboard(
      recipientsCsvPage,
      getRequest(`/dashboard/broadcasts/${campaign.id}/recipients.csv?outcome=not_opened`, user.cookie),
      { id: campaign.id },
    );
    expect(page.status).toBe(200);
    const rows = (await page.text()).trim().split("\r\n").slice(1);
    expect(rows.map((line) => line.split(",")[2]).sort()).toEqual([
      "machine@murmur.test",
      "quiet@murmur.test",
      "unsubscribed@murmur.test",
    ]);

    const stranger = await signedIn();
    const theirs = await serveDashboard(
      recipientsCsvPage,
      getRequest(`/dashboard/broadcasts/${campaign.id}/recipients.csv`, stranger.cookie),
      { id: campaign.id },
    );
    expect(theirs.status).toBe(404);
  });

  test("the campaign page filters its recipients by the outcome in the URL, and ignores one it does not know", async () => {
    const user = await signedIn();
    const { campaign } = await campaignWithOutcomes(queues, user.teamId);
    const path = `/dashboard/broadcasts/${campaign.id}`;
    const clicked = await (
      await serveDashboard(campaignPage, getRequest(`${path}?outcome=clicked`, user.cookie), { id: campaign.id })
    ).json();
    expect(clicked.outcome).toBe("clicked");
    expect(addresses(clicked.recipients.rows)).toEqual(["clicked"]);
    const odd = await (
      await serveDashboard(campaignPage, getRequest(`${path}?outcome=everyone`, user.cookie), { id: campaign.id })
    ).json();
    expect(odd.outcome).toBeNull();
    expect(odd.recipients.rows).toHaveLength(7);
  });

  test("an index serves every outcome's list in its page order, with no sort", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ email: "one@murmur.test" }]);
    const campaign = await draftCampaign(user.teamId);
    await sendCampaignNow(getDb(), { access: await ownerAccess(user.teamId), campaignId: campaign.id });
    await startCampaign(getDb(), queues.boss, campaign.id);
    const indexes: Record<string, string> = {
      opened: "delivery_engagement_opened_idx",
      clicked: "delivery_engagement_clicked_idx",
      unsubscribed: "delivery_engagement_unsubscribed_idx",
      bounced: "deliveries_bounced_contact_idx",
      failed: "deliveries_failed_contact_idx",
      not_opened: "deliveries_campaign_contact_key",
      held_back: "deliveries_skipped_contact_idx",
    };
    // With statistics, as a live table has them: without, a partial index and the whole
    // table's (campaign, contact) key tie, and which one a plan names is chance.
    await sql`analyze deliveries`.execute(getDb());
    for (const outcome of RECIPIENT_OUTCOMES) {
      const plan = await planOf((db) => listRecipients(db, { campaignId: campaign.id, outcome, limit: 50 }));
      expect({ outcome, usesIndex: plan.includes(indexes[outcome]!) }).toEqual({ outcome, usesIndex: true });
      expect({ outcome, sorts: /\bSort\b/.test(plan) }).toEqual({ outcome, sorts: false });
    }
  });
});
