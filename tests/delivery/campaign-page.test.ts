import { describe, expect, test } from "vitest";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { getRequest } from "../requests.ts";
import { addContacts, chunkWorker, draftCampaign, sendQueues } from "./fixtures.ts";
import { campaignReport } from "#server/delivery/campaign-report.ts";
import { flashedText } from "./flashed-text.ts";
import { pageThrough } from "./page-through.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { planOf } from "./plan-of.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

describe("the campaign page", () => {
  test("shows progress, the funnel, excluded contacts by reason and every recipient's status with its error, page by page", async () => {
    const db = getDb();
    const user = await signedIn();
    const ids = await addContacts(user.teamId, [
      ...Array.from({ length: 60 }, (_, i) => ({ email: `reader${String(i).padStart(2, "0")}@murmur.test` })),
      { email: "gone@murmur.test", emailStatus: "unsubscribed" },
      { email: null, phone: "+447700900123" },
    ]);
    const campaign = await draftCampaign(user.teamId, { subject: "News" });
    await sendCampaignNow(db, { access: await ownerAccess(user.teamId), campaignId: campaign.id });
    await startCampaign(db, queues.boss, campaign.id);
    const path = `/dashboard/broadcasts/${campaign.id}`;

    const before = await (
      await serveDashboard(campaignPage, getRequest(path, user.cookie), { id: campaign.id })
    ).json();
    expect(before.campaign.state).toBe("ACTIVE");
    expect(before.progress).toMatchObject({ total: 60, queued: 60, sent: 0 });
    expect(before.excluded).toEqual({ no_address: 1, unsubscribed: 1, suppressed: 0 });
    expect(before.excludedList.rows.map((r: { reason: string }) => r.reason).sort()).toEqual([
      "no_address",
      "unsubscribed",
    ]);

    // One contact is deleted before its message goes: its row says why it failed.
    await db.deleteFrom("contacts").where("id", "=", ids[0]!).execute();
    const jobs = await queues.boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
      SEND_CHUNK_QUEUE,
      { data: { campaignId: campaign.id } },
    );
    for (const job of jobs) await sendChunk(chunkWorker(), job.data);

    const after = await (await serveDashboard(campaignPage, getRequest(path, user.cookie), { id: campaign.id })).json();
    expect(after.campaign.state).toBe("SENT");
    expect(after.progress).toMatchObject({ total: 60, queued: 0, sent: 59, failed: 1 });
    expect(after.analytics).toMatchObject({ sent: 59, failed: 1 });
    expect(after.recipients.rows).toHaveLength(50);
    expect(after.recipients.nextCursor).toEqual(expect.any(String));
    expect(after.recipients.previousCursor).toBeNull();

    // Apple's privacy proxy fetches one message's pixel on arrival; a person opens another a minute later.
    const opened = await db
      .selectFrom("deliveries")
      .select(["id", "address"])
      .where("campaignId", "=", campaign.id)
      .where("status", "=", "sent")
      .orderBy("address")
      .limit(2)
      .execute();
    await recordOpen(db, { deliveryId: opened[0]!.id, userAgent: "Mozilla/5.0", ip: "17.58.63.12" });
    const reader =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";
    await recordOpen(db, {
      deliveryId: opened[1]!.id,
      userAgent: reader,
      ip: "203.0.113.9",
      at: new Date(Date.now() + 60_000),
    });
    const engaged = await (
      await serveDashboard(campaignPage, getRequest(path, user.cookie), { id: campaign.id })
    ).json();
    expect(engaged.analytics).toMatchObject({ sent: 59, opened: 1, botOpened: 1 });

    const second = await (
      await serveDashboard(campaignPage, getRequest(`${path}?after=${after.recipients.nextCursor}`, user.cookie), {
        id: campaign.id,
      })
    ).json();
    expect(second.recipients.rows).toHaveLength(10);
    expect(second.recipients.nextCursor).toBeNull();
    // Ids made in the same millisecond are not ordered, so the deleted contact's row may be on either page.
    const failed = [...after.recipients.rows, ...second.recipients.rows].find(
      (r: { address: string }) => r.address === "reader00@murmur.test",
    );
    expect(failed).toMatchObject({ status: "failed", error: expect.stringContaining("deleted") });
    // A page link edited by hand starts the lists over, with a message, not an error.
    const odd = await serveDashboard(
      campaignPage,
      getRequest(`${path}?after=${Buffer.from('["-3"]').toString("base64url")}`, user.cookie),
      { id: campaign.id },
    );
    expect(odd.status).toBe(302);
    expect(odd.headers.get("Location")).toBe(path);
    expect(flashedText(odd)).toContain("That page link is no longer valid");
  });

  test("Next and Previous show every recipient and every excluded contact exactly once, each list paged on its own", async () => {
    const db = getDb();
    const user = await signedIn();
    // 120 reachable contacts and 60 left out for two reasons, all created in the same instant.
    await addContacts(user.teamId, [
      ...Array.from({ length: 120 }, (_, i) => ({ email: `reader${i}@murmur.test` })),
      ...Array.from({ length: 30 }, (_, i) => ({ email: `gone${i}@murmur.test`, emailStatus: "unsubscribed" })),
      ...Array.from({ length: 30 }, (_, i) => ({ email: null, phone: `+4477009001${String(i).padStart(2, "0")}` })),
    ]);
    const campaign = await draftCampaign(user.teamId, { subject: "News" });
    await sendCampaignNow(db, { access: await ownerAccess(user.teamId), campaignId: campaign.id });
    await startCampaign(db, queues.boss, campaign.id);
    const path = `/dashboard/broadcasts/${campaign.id}`;
    const open = async (query: string) =>
      (await serveDashboard(campaignPage, getRequest(`${path}?${query}`, user.cookie), { id: campaign.id })).json();

    // The excluded list stays on its second page while the recipients are paged.
    const excludedStart = (await open("")).excludedList.nextCursor;
    const recipients = await pageThrough<{ address: string }>(async (query) => {
      const page = await open(`excludedAfter=${excludedStart}&${query}`);
      expect(page.excludedList.rows).toHaveLength(10);
      return page.recipients;
    });
    expect(recipients.forward.map((rows) => rows.length)).toEqual([50, 50, 20]);
    const addresses = recipients.forward.flat().map((row: { address: string }) => row.address);
    expect(addresses.toSorted()).toEqual(Array.from({ length: 120 }, (_, i) => `reader${i}@murmur.test`).toSorted());
    expect(recipients.backward).toEqual(recipients.forward);

    const excluded = await pageThrough<{ reason: string; contactId: string }>(
      async (query) => (await open(query)).excludedList,
      { after: "excludedAfter", before: "excludedBefore" },
    );
    expect(excluded.forward.map((rows) => rows.length)).toEqual([50, 10]);
    const reasons = excluded.forward
      .flat()
      .map((row: { reason: string; contactId: string }) => `${row.reason} ${row.contactId}`);
    expect(new Set(reasons).size).toBe(60);
    expect(reasons.filter((text) => text.startsWith("no_address"))).toHaveLength(30);
    expect(reasons.filter((text) => text.startsWith("unsubscribed"))).toHaveLength(30);
    expect(excluded.backward).toEqual(excluded.forward);

    // Each page is read through the ledger's indexes, forwards and backwards.
    const first = await campaignReport(db, { teamId: user.teamId, campaignId: campaign.id });
    for (const [recipientsAt, excludedAt] of [
      [{}, {}],
      [{ after: first.recipients.nextCursor }, { after: first.excludedList.nextCursor }],
      [{ before: first.recipients.nextCursor }, { before: first.excludedList.nextCursor }],
    ]) {
      const plan = await planOf((traced) =>
        campaignReport(traced, {
          teamId: user.teamId,
          campaignId: campaign.id,
          recipients: recipientsAt,
          excluded: excludedAt,
        }),
      );
      const lists = plan.split("\n\n").filter((one) => / on (deliveries d|excluded_recipients e)\b/.test(one));
      expect(lists).toHaveLength(2);
      expect(lists[0]).toContain("deliveries_campaign_contact_key");
      expect(lists[1]).toContain("excluded_recipients_reason_idx");
      for (const list of lists) expect(list).not.toMatch(/\bSort\b/);
    }
  });

  test("another team's campaign is a 404", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const campaign = await draftCampaign(owner.teamId);
    const response = await serveDashboard(
      campaignPage,
      getRequest(`/dashboard/broadcasts/${campaign.id}`, other.cookie),
      { id: campaign.id },
    );
    expect(response.status).toBe(404);
    const malformed = await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/not-an-id`, other.cookie), {
      id: "not-an-id",
    });
    expect(malformed.status).toBe(404);
  });
});
