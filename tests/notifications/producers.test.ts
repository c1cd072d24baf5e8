import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { action as twilioStatus } from "#app/routes/webhooks/twilio-status.ts";
import { getDb } from "#db/database.ts";
import { twilioChange } from "#server/channels/settings-input.ts";
import { readChannelSettings, saveChannelSettings } from "#server/channels/settings.ts";
import type { ChannelSender } from "#server/channels/types.ts";
import { finishImport, importChunk, startImport } from "#server/contacts/import.ts";
import { failImport } from "#server/contacts/import-report.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { startDueCampaigns } from "#server/delivery/start-campaign.ts";
import { twilioSignature } from "#server/delivery/webhooks/signatures.ts";
import { listNotifications } from "#server/notifications/inbox.ts";
import { notifyInvitationAccepted } from "#server/notifications/invitation-events.ts";
import { BULK_REJECTION } from "#server/notifications/provider-rejections.ts";
import { seal } from "#server/secrets/secret-box.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { routeArgs } from "../serve-route.ts";
import {
  addContacts,
  chunkWorker,
  draftCampaign,
  sendAllChunks,
  sendQueues,
  staticSegment,
} from "../delivery/fixtures.ts";
import { addMember, titlesFor } from "./people.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

// Throttles count per clock hour: the tests that count run in the middle of one.
function midHour() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T14:30:00Z"));
}
afterEach(() => {
  vi.useRealTimers();
});

async function latest(person: { userId: string; teamId: string }) {
  const page = await listNotifications(getDb(), { ...person, limit: 10 });
  return page.rows.map(({ title, body, linkPath }) => ({ title, body, linkPath }));
}

/** A sender whose provider refuses every message for good. */
const refusingSender: ChannelSender = {
  channel: "EMAIL",
  inFlightLimit: 4,
  send: async () => ({ status: "failed", permanent: true, reason: "550 Account suspended" }),
  close: async () => {},
};

describe("what tells a team", () => {
  test("an import that finishes, and one that fails, each once, linking to its result", async () => {
    const db = getDb();
    const owner = await createUser();
    const { id } = await startImport(db, { access: await ownerAccess(owner.teamId), fileName: "leads.csv" });
    await importChunk(db, {
      teamId: owner.teamId,
      importId: id,
      chunkIndex: 0,
      firstRowNumber: 2,
      rows: [{ email: "ada@murmur.test" }, { email: "grace@murmur.test" }, { email: "not an email" }],
    });
    await finishImport(db, { teamId: owner.teamId, importId: id });
    await finishImport(db, { teamId: owner.teamId, importId: id });
    expect(await latest(owner)).toEqual([
      {
        title: "The import of leads.csv finished",
        body: "2 added, 0 updated, 1 skipped.",
        linkPath: `/dashboard/imports/${id}`,
      },
    ]);

    const broken = await startImport(db, { access: await ownerAccess(owner.teamId), fileName: "broken.csv" });
    await failImport(db, {
      teamId: owner.teamId,
      importId: broken.id,
      error: "Row 3 has 4 columns; the header has 2.",
    });
    expect((await latest(owner))[0]).toEqual({
      title: "The import of broken.csv failed",
      body: "Row 3 has 4 columns; the header has 2.",
      linkPath: `/dashboard/imports/${broken.id}`,
    });
  });

  test("a campaign that finished sending, with its failures; many failures at once also tell of the provider", async () => {
    const owner = await createUser();
    const emails = Array.from({ length: BULK_REJECTION.failures }, (_, i) => ({ email: `r${i}@murmur.test` }));
    const segmentId = await staticSegment(owner.teamId, await addContacts(owner.teamId, emails));
    const campaign = await draftCampaign(owner.teamId, { segmentIds: [segmentId] });
    const worker = chunkWorker({ senders: async () => refusingSender });
    await sendAllChunks(queues.boss, { teamId: owner.teamId, campaignId: campaign.id, worker });

    expect(await latest(owner)).toEqual([
      {
        title: '"Launch" finished sending with failures',
        body: `Sent to 0 recipients; ${BULK_REJECTION.failures} messages failed.`,
        linkPath: `/dashboard/broadcasts/${campaign.id}`,
      },
      {
        title: 'The provider rejected many messages of "Launch"',
        body: `At least ${BULK_REJECTION.failures} messages failed within ${BULK_REJECTION.windowMinutes} minutes. See the reasons on the campaign's recipients.`,
        linkPath: `/dashboard/broadcasts/${campaign.id}`,
      },
    ]);
  });

  test("failures a provider reports later, by webhook, count towards a bulk rejection too", async () => {
    const db = getDb();
    const owner = await createUser();
    const emails = Array.from({ length: BULK_REJECTION.failures }, (_, i) => ({ email: `w${i}@murmur.test` }));
    const contactIds = await addContacts(owner.teamId, emails);
    const campaign = await draftCampaign(owner.teamId, { type: "SMS" });
    await db
      .insertInto("deliveries")
      .values(
        contactIds.map((contactId, i) => ({
          teamId: owner.teamId,
          campaignId: campaign.id,
          contactId,
          channel: "SMS",
          address: `+1415555${String(i).padStart(4, "0")}`,
          status: "sent",
          providerMessageId: `SM${campaign.id}${i}`,
          sentAt: new Date(),
        })),
      )
      .execute();
    const undelivered = (i: number) =>
      recordProviderStatus(db, {
        teamId: owner.teamId,
        channel: "SMS",
        providerMessageId: `SM${campaign.id}${i}`,
        status: "failed",
        reason: "Twilio reported the message undelivered (error 30007).",
        at: new Date(),
      });

    for (let i = 0; i < BULK_REJECTION.failures - 1; i++) await undelivered(i);
    expect(await titlesFor(owner)).toEqual([]);
    await undelivered(BULK_REJECTION.failures - 1);
    expect(await titlesFor(owner)).toEqual(['The provider rejected many messages of "Launch"']);
  });

  test("a campaign sent without failures says how many it reached, and no provider trouble", async () => {
    const owner = await createUser();
    const segmentId = await staticSegment(owner.teamId, await addContacts(owner.teamId, [{ email: "a@murmur.test" }]));
    const campaign = await draftCampaign(owner.teamId, { segmentIds: [segmentId] });
    await sendAllChunks(queues.boss, { teamId: owner.teamId, campaignId: campaign.id, worker: chunkWorker() });
    expect(await latest(owner)).toEqual([
      {
        title: '"Launch" finished sending',
        body: "Sent to 1 recipient.",
        linkPath: `/dashboard/broadcasts/${campaign.id}`,
      },
    ]);
  });

  test("a scheduled campaign whose time came, once however many ticks see it", async () => {
    const db = getDb();
    const owner = await createUser();
    const campaign = await draftCampaign(owner.teamId);
    await db
      .updateTable("campaigns")
      .set({ state: "SCHEDULED", scheduledAt: new Date(Date.now() - 1000) })
      .where("id", "=", campaign.id)
      .execute();
    await startDueCampaigns(db, queues.boss);
    await startDueCampaigns(db, queues.boss);
    expect(await latest(owner)).toEqual([
      {
        title: '"Launch" started sending',
        body: "Its scheduled time came.",
        linkPath: `/dashboard/broadcasts/${campaign.id}`,
      },
    ]);
  });

  test("channel secrets this server can no longer read, once an hour however often they are read", async () => {
    midHour();
    const db = getDb();
    const owner = await createUser();
    await saveChannelSettings(db, {
      teamId: owner.teamId,
      channel: "SMS",
      ...twilioChange({
        enabled: true,
        accountSid: `AC${"2".repeat(32)}`,
        authToken: "token-1",
        fromNumber: "+14155550100",
      }),
    });
    const foreign = seal(
      randomBytes(32),
      JSON.stringify({ authToken: "token-1" }),
      `channel_settings/${owner.teamId}/SMS`,
    );
    await db
      .updateTable("channelSettings")
      .set({ secretsEncrypted: foreign })
      .where("teamId", "=", owner.teamId)
      .execute();

    for (let i = 0; i < 3; i++)
      await expect(readChannelSettings(db, { teamId: owner.teamId, channel: "SMS" })).rejects.toThrow(
        /cannot be decrypted/,
      );
    expect(await latest(owner)).toEqual([
      {
        title: "The SMS provider's saved secrets cannot be read",
        body: "Re-enter them in Settings → Channels; until then its messages wait.",
        linkPath: "/dashboard/settings/channels",
      },
    ]);
  });

  test("webhook signatures that keep failing: nothing for a few, one notification at the tenth, none after", async () => {
    midHour();
    const db = getDb();
    const owner = await createUser();
    await saveChannelSettings(db, {
      teamId: owner.teamId,
      channel: "SMS",
      ...twilioChange({
        enabled: true,
        accountSid: `AC${"2".repeat(32)}`,
        authToken: "the-real-token",
        fromNumber: "+14155550100",
      }),
    });
    const forged = () => {
      const path = `/webhooks/twilio/${owner.teamId}/status`;
      const body = new URLSearchParams({ MessageSid: "SM1", MessageStatus: "delivered" });
      const signature = twilioSignature("another-token", ORIGIN + path, [...body.entries()]);
      return new Request(ORIGIN + path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
        body,
      });
    };
    const post = async () => (await twilioStatus(routeArgs(forged(), { params: { teamId: owner.teamId } }))).status;

    for (let i = 0; i < 9; i++) expect(await post()).toBe(403);
    expect(await titlesFor(owner)).toEqual([]);
    for (let i = 0; i < 3; i++) expect(await post()).toBe(403);
    expect(await titlesFor(owner)).toEqual(["Twilio webhook signatures keep failing"]);
  });

  test("an accepted invitation tells the team, not the newcomer", async () => {
    const db = getDb();
    const owner = await createUser();
    const newcomer = await addMember(owner.teamId);
    const accepted = {
      teamId: owner.teamId,
      invitationId: "inv-1",
      memberUserId: newcomer.userId,
      memberName: "Grace Hopper",
    };
    await notifyInvitationAccepted(db, accepted);
    await notifyInvitationAccepted(db, accepted);
    expect(await latest(owner)).toEqual([
      {
        title: "Grace Hopper joined the team",
        body: "They accepted an invitation.",
        linkPath: "/dashboard/settings/members",
      },
    ]);
    expect(await titlesFor(newcomer)).toEqual([]);
  });
});
