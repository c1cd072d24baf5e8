import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PgBoss } from "pg-boss";
import { action as sendAction, loader as sendPage } from "#app/routes/dashboard/broadcast-send.tsx";
import { getDb } from "#db/database.ts";
import { getCampaign } from "#server/campaigns/campaigns.ts";
import { CAMPAIGN_START_QUEUE } from "#server/delivery/queues.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startDueCampaigns } from "#server/delivery/start-campaign.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { addContacts, draftCampaign, startBoss } from "../delivery/fixtures.ts";
import { cookieHeaderFrom, getRequest, ORIGIN } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

// The transitions a campaign may not take that tests/campaigns/api-campaigns.test.ts
// does not cover: Send now from anything but DRAFT, and the scheduler starting a
// campaign that is not a SCHEDULED one whose time has come.

const post = (path: string, headers: HeadersInit) =>
  new Request(ORIGIN + path, { method: "POST", headers, body: new URLSearchParams() });
const stateOf = async (teamId: string, campaignId: string) => getCampaign(getDb(), { teamId, campaignId });

describe("Send now", () => {
  test.each(["SCHEDULED", "ACTIVE", "SENT"])(
    "from %s is refused with the reason, and the campaign stays as it was",
    async (state) => {
      const user = await signedIn();
      const campaign = await draftCampaign(user.teamId);
      const scheduledAt = state === "SCHEDULED" ? new Date(Date.now() + 3600_000) : null;
      await getDb().updateTable("campaigns").set({ state, scheduledAt }).where("id", "=", campaign.id).execute();
      const path = `/dashboard/broadcasts/${campaign.id}/send`;
      const reason = `Only a DRAFT campaign can be sent now; this one is ${state}.`;

      // The dialog says why instead of offering the button (the page's text comes from the state it is given).
      expect(
        (await (await serveDashboard(sendPage, getRequest(path, user.cookie), { id: campaign.id })).json()).campaign
          .state,
      ).toBe(state);

      // A post anyway (a second tab, a stale page): back to the list with an 'Error' toast.
      const response = await serveDashboard(sendAction, post(path, user.cookie), { id: campaign.id });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard/broadcasts");
      const toasts = await readFlashToasts(getRequest("/dashboard/broadcasts", { Cookie: cookieHeaderFrom(response) }));
      expect(toasts).toEqual([{ type: "error", title: "Error", description: reason }]);

      // The domain refuses it as a conflict (409 wherever it is answered as an HTTP status).
      await expect(
        sendCampaignNow(getDb(), { access: await ownerAccess(user.teamId), campaignId: campaign.id }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: reason,
      });
      const after = await stateOf(user.teamId, campaign.id);
      expect(after).toMatchObject({ state, scheduledAt });
      expect(after.analytics.sent).toBe(0);
    },
  );
});

describe("the scheduler", () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = await startBoss();
    await boss.createQueue(CAMPAIGN_START_QUEUE);
  });
  afterAll(async () => {
    await boss.stop({ graceful: false });
  });

  test("leaves drafts and SCHEDULED campaigns that are not yet due alone", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{}]);
    const draft = await draftCampaign(user.teamId);
    // Even a draft carrying a past time (as no path writes one) is not the scheduler's to start.
    await getDb()
      .updateTable("campaigns")
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where("id", "=", draft.id)
      .execute();
    const later = await draftCampaign(user.teamId);
    const dueAt = new Date(Date.now() + 60_000);
    await getDb()
      .updateTable("campaigns")
      .set({ state: "SCHEDULED", scheduledAt: dueAt })
      .where("id", "=", later.id)
      .execute();

    const started = await startDueCampaigns(getDb(), boss);

    expect(started).not.toContain(draft.id);
    expect(started).not.toContain(later.id);
    expect(await stateOf(user.teamId, draft.id)).toMatchObject({ state: "DRAFT" });
    expect(await stateOf(user.teamId, later.id)).toMatchObject({ state: "SCHEDULED", scheduledAt: dueAt });
    for (const id of [draft.id, later.id])
      expect(await boss.findJobs(CAMPAIGN_START_QUEUE, { data: { campaignId: id } })).toEqual([]);
  });
});
