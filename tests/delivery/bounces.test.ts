import { describe, expect, test } from "vitest";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { previewRecipients } from "#server/delivery/recipients.ts";
import { campaignAnalytics } from "#server/tracking/analytics.ts";
import { getRequest } from "../requests.ts";
import { addContacts, chunkWorker, draftCampaign, sendAllChunks, sendingServices, sinkSender } from "./fixtures.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

const services = sendingServices();

/** Starts the team's campaign and runs its chunks through the in-process SMTP server. */
function sendOverSmtp(teamId: string, campaignId: string) {
  const worker = chunkWorker({ senders: async () => sinkSender(services.sink) });
  return sendAllChunks(services.boss, { teamId, campaignId, worker });
}

describe("hard bounces over SMTP", () => {
  test("a recipient refused with 550 5.1.1 is bounced and suppressed; a 5.7.1 policy refusal only fails; the next campaign excludes the bounced one", async () => {
    const db = getDb();
    const user = await signedIn();
    const { teamId } = user;
    const [ada, grace, unknown, blocked] = await addContacts(teamId, [
      { email: "ada@murmur.test" },
      { email: "grace@murmur.test" },
      { email: "unknown-Reader@Murmur.test" },
      { email: "blocked-reader@murmur.test" },
    ]);
    const first = await draftCampaign(teamId, { subject: "Spring" });
    await sendOverSmtp(teamId, first.id);

    expect(
      services.sink.received
        .filter((r) => r.mail.subject === "Spring")
        .map((r) => r.to[0])
        .sort(),
    ).toEqual(["ada@murmur.test", "grace@murmur.test"]);
    const page = await (
      await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${first.id}`, user.cookie), { id: first.id })
    ).json();
    expect(page.campaign.state).toBe("SENT");
    const row = (address: string) => page.recipients.rows.find((r: { address: string }) => r.address === address);
    expect(row("unknown-Reader@Murmur.test")).toMatchObject({
      status: "bounced",
      error: "550 5.1.1 No such user here",
    });
    expect(row("blocked-reader@murmur.test")).toMatchObject({
      status: "failed",
      error: "550 5.7.1 Message refused by local policy",
    });
    expect(row("ada@murmur.test")).toMatchObject({ status: "sent" });
    expect(page.analytics).toMatchObject({ sent: 3, delivered: 2, bounced: 1, failed: 1 });
    const analytics = await campaignAnalytics(db, { teamId, campaignIds: [first.id] });
    expect(analytics.get(first.id)).toMatchObject({ bounced: 1, failed: 1 });

    const suppressions = await db
      .selectFrom("suppressions")
      .select(["channel", "address", "reason", "detail"])
      .where("teamId", "=", teamId)
      .execute();
    expect(suppressions).toEqual([
      {
        channel: "EMAIL",
        address: "unknown-reader@murmur.test",
        reason: "bounced",
        detail: "550 5.1.1 No such user here",
      },
    ]);
    const statuses = await db
      .selectFrom("contacts")
      .select(["id", "emailStatus"])
      .where("teamId", "=", teamId)
      .execute();
    expect(Object.fromEntries(statuses.map((c) => [c.id, c.emailStatus]))).toEqual({
      [ada!]: "subscribed",
      [grace!]: "subscribed",
      [unknown!]: "bounced",
      [blocked!]: "subscribed",
    });

    const second = await draftCampaign(teamId, { subject: "Summer" });
    expect(await previewRecipients(db, { id: second.id, teamId, type: "EMAIL" })).toEqual({
      recipients: 3,
      excluded: { no_address: 0, unsubscribed: 0, suppressed: 1 },
    });
    await sendOverSmtp(teamId, second.id);
    const excluded = await db
      .selectFrom("excludedRecipients")
      .select(["contactId", "reason"])
      .where("campaignId", "=", second.id)
      .execute();
    expect(excluded).toEqual([{ contactId: unknown, reason: "suppressed" }]);
    expect(
      services.sink.received
        .filter((r) => r.mail.subject === "Summer")
        .map((r) => r.to[0])
        .sort(),
    ).toEqual(["ada@murmur.test", "grace@murmur.test"]);
  });
});
