import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { loader as channelsPage } from "#app/routes/dashboard/settings-channels.tsx";
import { getDb } from "#db/database.ts";
import { seal } from "#server/secrets/secret-box.ts";
import { smtpChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { getRequest } from "../requests.ts";
import { addContacts, chunkJobsOf, chunkWorker, draftCampaign, sendingServices } from "./fixtures.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

const services = sendingServices({ credentials: { user: "mailer", pass: "smtp-password-4242" } });

const REASON =
  "The EMAIL provider's saved secrets cannot be read with this MURMUR_SECRET_KEY; re-enter them in Settings → Channels.";

describe("saved secrets this server cannot read", () => {
  test("hold messages back with the reason instead of failing them; once re-entered, the campaign goes on", async () => {
    const db = getDb();
    const user = await signedIn();
    const { teamId } = user;
    const smtp = (password?: string) =>
      smtpChange({
        enabled: true,
        host: services.sink.host,
        port: services.sink.port,
        security: "none",
        username: "mailer",
        password,
        fromAddress: "news@acme.test",
      });
    await saveChannelSettings(db, { teamId, channel: "EMAIL", ...smtp("smtp-password-4242") });
    // As if another container, with another MURMUR_SECRET_KEY, had saved them.
    const foreign = seal(
      randomBytes(32),
      JSON.stringify({ password: "smtp-password-4242" }),
      `channel_settings/${teamId}/EMAIL`,
    );
    await db.updateTable("channelSettings").set({ secretsEncrypted: foreign }).where("teamId", "=", teamId).execute();

    const settings = await (
      await serveDashboard(channelsPage, getRequest("/dashboard/settings/channels", user.cookie))
    ).json();
    expect(settings.providers.find((p: { channel: string }) => p.channel === "EMAIL")).toMatchObject({
      enabled: true,
      unreadable: true,
    });

    await addContacts(teamId, [{ email: "ada@murmur.test" }, { email: "grace@murmur.test" }]);
    const campaign = await draftCampaign(teamId, { subject: "Held back" });
    await sendCampaignNow(db, { access: await ownerAccess(teamId), campaignId: campaign.id });
    await startCampaign(db, services.boss, campaign.id);
    const [job] = await chunkJobsOf(services.boss, campaign.id);
    const worker = chunkWorker();
    const { retryAt } = await sendChunk(worker, job!.data);

    // Waiting with backoff, not failed: a person has to fix the key or the secrets first.
    expect(retryAt!.getTime()).toBeGreaterThan(Date.now() + 5 * 60 * 1000);
    const held = await db
      .selectFrom("deliveries")
      .select(["status", "error", "attempts"])
      .where("campaignId", "=", campaign.id)
      .execute();
    expect(held).toEqual([
      { status: "queued", error: REASON, attempts: 1 },
      { status: "queued", error: REASON, attempts: 1 },
    ]);
    const state = await db
      .selectFrom("campaigns")
      .select("state")
      .where("id", "=", campaign.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe("ACTIVE");

    // The secrets are entered again; when the retry comes due, the messages go.
    await saveChannelSettings(db, { teamId, channel: "EMAIL", ...smtp("smtp-password-4242") });
    await db
      .updateTable("deliveries")
      .set({ nextAttemptAt: new Date() })
      .where("campaignId", "=", campaign.id)
      .execute();
    expect(await sendChunk(worker, job!.data)).toEqual({ retryAt: null });
    const sent = await db
      .selectFrom("deliveries")
      .select(["status", "error"])
      .where("campaignId", "=", campaign.id)
      .execute();
    expect(sent).toEqual([
      { status: "sent", error: null },
      { status: "sent", error: null },
    ]);
    expect(
      services.sink.received
        .filter((r) => r.mail.subject === "Held back")
        .map((r) => r.to[0])
        .sort(),
    ).toEqual(["ada@murmur.test", "grace@murmur.test"]);
  });
});
