import { describe, expect, test } from "vitest";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { PERSON } from "./seed.ts";

const HOUR = 3_600_000;

type CampaignPage = { timeline: { at: string; opened: number; clicked: number }[]; analytics: { opened: number } };

async function view(cookie: { Cookie: string }, campaignId: string) {
  const response = await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${campaignId}`, cookie), {
    id: campaignId,
  });
  return { status: response.status, page: response.status === 200 ? ((await response.json()) as CampaignPage) : null };
}

const opensOf = (page: CampaignPage | null) => page!.timeline.reduce((sum, point) => sum + point.opened, 0);

describe("the campaign page's kept figures", () => {
  test("show an open in the timeline as soon as it commits, the kept timeline notwithstanding", async () => {
    const user = await signedIn();
    const sentAt = new Date(Math.floor((Date.now() - 5 * HOUR) / HOUR) * HOUR);
    const { campaignId, recipients } = await createSentCampaign(user.teamId, { sentAt, recipients: 3 });
    await recordOpen(getDb(), {
      ...PERSON,
      deliveryId: recipients[0]!.deliveryId,
      at: new Date(sentAt.getTime() + HOUR),
    });

    const first = await view(user.cookie, campaignId);
    expect(first.status).toBe(200);
    expect(opensOf(first.page)).toBe(1);
    // Viewed again with nothing written: the same figures.
    expect((await view(user.cookie, campaignId)).page!.timeline).toEqual(first.page!.timeline);

    await recordOpen(getDb(), {
      ...PERSON,
      deliveryId: recipients[1]!.deliveryId,
      at: new Date(sentAt.getTime() + 2 * HOUR),
    });
    const after = await view(user.cookie, campaignId);
    expect(opensOf(after.page)).toBe(2);
    expect(after.page!.analytics.opened).toBe(2);
  });

  test("are another team's 404, whether or not that team's figures are kept", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { campaignId } = await createSentCampaign(owner.teamId, { recipients: 1 });
    expect((await view(owner.cookie, campaignId)).status).toBe(200);
    expect((await view(stranger.cookie, campaignId)).status).toBe(404);
    expect((await view(stranger.cookie, "not-a-campaign")).status).toBe(404);
  });
});
