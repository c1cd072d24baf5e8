import { describe, expect, test } from "vitest";
import { action as campaignAction, loader as getCampaign } from "#app/routes/api/campaign.ts";
import { loader as listCampaigns } from "#app/routes/api/campaigns.ts";
import { getDb } from "#db/database.ts";
import { dashboardStats } from "#server/dashboard/stats.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { chunkWorker, draftCampaign, sendQueues } from "../delivery/fixtures.ts";
import { identify, outboxOf, runJourneys, track } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// A journey's send step is a campaign underneath (so tracking, the outbox and the
// campaign page work as for a broadcast); the broadcast lists and the broadcast
// state machinery must not show or touch it.

const queues = sendQueues();

async function call(run: () => unknown) {
  const response = await respond(run);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("a journey's step campaigns", () => {
  test("are left out of GET /api/campaigns and the dashboard's broadcast figures, and cannot be deleted as a broadcast", async () => {
    const user = await createSignedInUser();
    const broadcast = await draftCampaign(user.teamId, { subject: "Spring news" });
    await liveJourney(user.teamId, {
      entry: { type: "event", event: "Signed Up", properties: [] },
      steps: [{ id: "welcome", type: "send", channel: "EMAIL", subject: "Welcome", content: "<p>Hi</p>" }],
    });
    await identify(user.teamId, "u-1", { email: "new@murmur.test" });
    await track(user.teamId, "u-1", "Signed Up");
    await runJourneys(queues.boss, chunkWorker(), new Date());
    const [welcome] = await outboxOf(user.teamId);
    expect(welcome).toMatchObject({ toAddress: "new@murmur.test", summary: "Welcome" });
    const stepCampaignId = welcome!.campaignId!;

    const listed = await call(() => listCampaigns(routeArgs(getRequest("/api/campaigns", bearer(user.token)))));
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([broadcast.id]);

    const stats = await dashboardStats(getDb(), { teamId: user.teamId, now: new Date() });
    expect(stats.campaigns).toMatchObject({ total: 1, active: 0 });

    // The campaign page still reads it (its recipients, opens and clicks are the step's).
    const page = await call(() =>
      getCampaign(
        routeArgs(getRequest(`/api/campaigns/${stepCampaignId}`, bearer(user.token)), {
          params: { id: stepCampaignId },
        }),
      ),
    );
    expect(page.status).toBe(200);
    const removed = await call(() =>
      campaignAction(
        routeArgs(
          new Request(`http://murmur.test/api/campaigns/${stepCampaignId}`, {
            method: "DELETE",
            headers: bearer(user.token),
          }),
          { params: { id: stepCampaignId } },
        ),
      ),
    );
    expect(removed.status).toBe(404);
  });
});
