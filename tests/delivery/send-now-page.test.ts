import { describe, expect, test } from "vitest";
import { action as sendAction, loader as sendPage } from "#app/routes/dashboard/broadcast-send.tsx";
import { getDb } from "#db/database.ts";
import { getCampaign } from "#server/campaigns/campaigns.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { cookieHeaderFrom, getRequest, ORIGIN } from "../requests.ts";
import { addContacts, draftCampaign } from "./fixtures.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

const post = (path: string, headers: HeadersInit) =>
  new Request(ORIGIN + path, { method: "POST", headers, body: new URLSearchParams() });

describe("Send now", () => {
  test("the confirmation counts the recipients and the excluded contacts by reason; confirming makes the campaign ACTIVE", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [
      { email: "a@murmur.test" },
      { email: "b@murmur.test" },
      { email: "c@murmur.test", emailStatus: "unsubscribed" },
      { email: "d@murmur.test", emailStatus: "bounced" },
      { email: null, phone: "+447700900123" },
    ]);
    const campaign = await draftCampaign(user.teamId);
    const path = `/dashboard/broadcasts/${campaign.id}/send`;

    const page = await serveDashboard(sendPage, getRequest(path, user.cookie), { id: campaign.id });
    expect(await page.json()).toMatchObject({
      campaign: { state: "DRAFT" },
      audience: { recipients: 2, excluded: { no_address: 1, unsubscribed: 1, suppressed: 1 } },
    });

    const response = await serveDashboard(sendAction, post(path, user.cookie), { id: campaign.id });
    expect(response.status).toBe(302);
    const toasts = await readFlashToasts(getRequest("/dashboard/broadcasts", { Cookie: cookieHeaderFrom(response) }));
    expect(toasts).toEqual([{ type: "success", title: "Success", description: "Campaign is being sent" }]);
    expect((await getCampaign(getDb(), { teamId: user.teamId, campaignId: campaign.id })).state).toBe("ACTIVE");

    // Pressed twice (a second tab): refused with the reason, nothing sent twice.
    const again = await serveDashboard(sendAction, post(path, user.cookie), { id: campaign.id });
    const refused = await readFlashToasts(getRequest("/dashboard/broadcasts", { Cookie: cookieHeaderFrom(again) }));
    expect(refused[0]).toMatchObject({ type: "error", description: expect.stringContaining("Only a DRAFT campaign") });
  });

  test("another team's campaign is a 404 and stays a draft", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const campaign = await draftCampaign(owner.teamId);
    const path = `/dashboard/broadcasts/${campaign.id}/send`;
    expect((await serveDashboard(sendPage, getRequest(path, other.cookie), { id: campaign.id })).status).toBe(404);
    expect((await serveDashboard(sendAction, post(path, other.cookie), { id: campaign.id })).status).toBe(404);
    expect((await getCampaign(getDb(), { teamId: owner.teamId, campaignId: campaign.id })).state).toBe("DRAFT");
  });
});
