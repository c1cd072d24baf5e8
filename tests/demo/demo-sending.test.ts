import { describe, expect, test } from "vitest";
import { action as channelsAction } from "#app/routes/dashboard/settings-channels.tsx";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { seedDemoTeam } from "#server/demo/seed-demo-team.ts";
import { DEMO_CHANNELS_REFUSED } from "#server/teams/demo-team.ts";
import { createUser } from "../factories.ts";
import {
  addContacts,
  chunkWorker,
  draftCampaign,
  sendAllChunks,
  sendingServices,
  sinkSender,
  staticSegment,
} from "../delivery/fixtures.ts";
import { formRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";

const services = sendingServices();

async function demoTeam() {
  const user = await createUser();
  const { teamId } = await seedDemoTeam(getDb(), { ownerId: user.userId, size: 30 });
  const { token } = await createSession(getDb(), { userId: user.userId, teamId });
  return { teamId, cookie: { Cookie: await sessionCookieHeader(token) } };
}

describe("a demo team never sends to a real address", () => {
  test("its channel settings refuse a provider with a clear message and save nothing", async () => {
    const { teamId, cookie } = await demoTeam();
    const response = await serveDashboard(
      channelsAction,
      formRequest(
        "/dashboard/settings/channels",
        {
          intent: "save",
          channel: "EMAIL",
          host: services.sink.host,
          port: String(services.sink.port),
          security: "none",
          username: "mailer",
          password: "smtp-password-4242",
          fromName: "Larkspur",
          fromAddress: "news@example.com",
          enabled: "on",
        },
        cookie,
      ),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(DEMO_CHANNELS_REFUSED);
    const saved = await getDb().selectFrom("channelSettings").select("channel").where("teamId", "=", teamId).execute();
    expect(saved).toEqual([]);
  });

  test("the send pipeline fails a real address with the reason, even through a provider, and sends the reserved ones", async () => {
    const { teamId } = await demoTeam();
    const [real, reserved] = await addContacts(teamId, [
      { email: "someone@gmail.com" },
      { email: "reader@example.org" },
    ]);
    const segmentId = await staticSegment(teamId, [real!, reserved!]);
    const campaign = await draftCampaign(teamId, { segmentIds: [segmentId] });
    // A sender that would really deliver: the pipeline itself must stop the real address.
    const worker = chunkWorker({ senders: async () => sinkSender(services.sink) });
    await sendAllChunks(services.boss, { teamId, campaignId: campaign.id, worker });

    const ledger = await getDb()
      .selectFrom("deliveries")
      .select(["address", "status", "error"])
      .where("campaignId", "=", campaign.id)
      .orderBy("address")
      .execute();
    expect(ledger).toEqual([
      { address: "reader@example.org", status: "sent", error: null },
      {
        address: "someone@gmail.com",
        status: "failed",
        error: "Demo teams send only to reserved example addresses; someone@gmail.com is not one.",
      },
    ]);
    const recipients = services.sink.received.flatMap((m) => m.to);
    expect(recipients).toContain("reader@example.org");
    expect(recipients).not.toContain("someone@gmail.com");
  });
});
