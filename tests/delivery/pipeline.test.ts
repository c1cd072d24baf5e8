import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PgBoss } from "pg-boss";
import { getDb } from "../../db/database.ts";
import { claimDeliveries, recordOutcomes } from "../../server/delivery/ledger.ts";
import { expireLeases, UNKNOWN_OUTCOME } from "../../server/delivery/leases.ts";
import { SEND_CHUNK_QUEUE } from "../../server/delivery/queues.ts";
import { ChunkInterrupted, sendChunk } from "../../server/delivery/send-chunk.ts";
import { sendCampaignNow } from "../../server/delivery/send-now.ts";
import { startCampaign, startDueCampaigns } from "../../server/delivery/start-campaign.ts";
import { reserveSendSlots } from "../../server/delivery/throttle.ts";
import { createUser } from "../factories.ts";
import { addContacts, chunkWorker, draftCampaign, startBoss } from "./fixtures.ts";

let boss: PgBoss;
beforeAll(async () => {
  boss = await startBoss();
  await boss.createQueue(SEND_CHUNK_QUEUE);
  await boss.createQueue("campaign-start");
});
afterAll(async () => {
  await boss.stop({ graceful: false });
});

const db = () => getDb();

/** A team with `count` contacts and an EMAIL campaign to all of them, started: recipients resolved, chunk jobs created. */
async function startedCampaign(count: number) {
  const { teamId } = await createUser();
  await addContacts(teamId, Array.from({ length: count }, (_, i) => ({ email: `person${i}@murmur.test` })));
  const campaign = await draftCampaign(teamId, { subject: "Spring news", content: "<p>Hello</p>" });
  await sendCampaignNow(db(), { teamId, campaignId: campaign.id });
  const started = await startCampaign(db(), boss, campaign.id);
  const jobs = await boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(SEND_CHUNK_QUEUE, { data: { campaignId: campaign.id } });
  return { teamId, campaignId: campaign.id, started, chunks: jobs.map((job) => job.data.chunk) };
}

const outbox = (campaignId: string) =>
  db().selectFrom("outboxMessages").select(["deliveryId", "toAddress", "summary", "messageId"]).where("campaignId", "=", campaignId).execute();
const statuses = async (campaignId: string) => {
  const rows = await db().selectFrom("deliveries").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).where("campaignId", "=", campaignId).groupBy("status").execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
};
const campaignState = async (campaignId: string) =>
  (await db().selectFrom("campaigns").select("state").where("id", "=", campaignId).executeTakeFirstOrThrow()).state;

describe("send pipeline", () => {
  test("a start resolves once and creates one job per chunk; a second start changes nothing", async () => {
    const { campaignId, started, chunks } = await startedCampaign(1200);
    expect(started).toEqual({ recipients: 1200, chunks: 3 });
    expect(chunks).toHaveLength(3);
    expect(await startCampaign(db(), boss, campaignId)).toBeNull();
    expect(await boss.findJobs(SEND_CHUNK_QUEUE, { data: { campaignId } })).toHaveLength(3);
    expect(await statuses(campaignId)).toEqual({ queued: 1200 });
  });

  test("chunks send every recipient exactly once through the outbox, then the campaign is SENT", async () => {
    const { campaignId, chunks } = await startedCampaign(120);
    const worker = chunkWorker();
    for (const chunk of chunks) expect(await sendChunk(worker, { campaignId, chunk })).toEqual({ retryAt: null });
    const messages = await outbox(campaignId);
    expect(messages).toHaveLength(120);
    expect(new Set(messages.map((m) => m.toAddress)).size).toBe(120);
    expect(messages[0]!.summary).toBe("Spring news");
    expect(messages[0]!.messageId).toMatch(new RegExp(`^<${campaignId}\\.[0-9a-f-]{36}@`));
    expect(await statuses(campaignId)).toEqual({ sent: 120 });
    const providerIds = await db().selectFrom("deliveries").select("providerMessageId").where("campaignId", "=", campaignId).execute();
    expect(providerIds.every((row) => row.providerMessageId)).toBe(true);
    expect(await campaignState(campaignId)).toBe("SENT");
  });

  test("two workers on the same chunk at once never send a message twice", async () => {
    const { campaignId, chunks } = await startedCampaign(400);
    const chunk = chunks[0]!;
    await Promise.all([sendChunk(chunkWorker({ settings: { ...chunkWorker().settings, window: 7 } }), { campaignId, chunk }), sendChunk(chunkWorker({ settings: { ...chunkWorker().settings, window: 11 } }), { campaignId, chunk })]);
    const messages = await outbox(campaignId);
    expect(messages).toHaveLength(400);
    expect(new Set(messages.map((m) => m.deliveryId)).size).toBe(400);
    expect(await statuses(campaignId)).toEqual({ sent: 400 });
  });

  test("messages in flight when a worker died become unknown, are never sent again, and the campaign still finishes", async () => {
    const { campaignId, chunks } = await startedCampaign(30);
    // A worker claims 5 deliveries and dies before recording what the provider said.
    const dead = await claimDeliveries(db(), { campaignId, chunk: chunks[0]!, owner: "dead-worker", limit: 5, leaseSeconds: 1 });
    expect(dead).toHaveLength(5);
    await sleep(1100);
    expect(await expireLeases(db())).toEqual([campaignId]);
    await sendChunk(chunkWorker(), { campaignId, chunk: chunks[0]! });

    expect(await statuses(campaignId)).toEqual({ sent: 25, unknown: 5 });
    const sentTo = new Set((await outbox(campaignId)).map((m) => m.deliveryId));
    expect(sentTo.size).toBe(25);
    for (const delivery of dead) expect(sentTo.has(delivery.id)).toBe(false);
    const unknown = await db().selectFrom("deliveries").select("error").where("id", "=", dead[0]!.id).executeTakeFirstOrThrow();
    expect(unknown.error).toBe(UNKNOWN_OUTCOME);
    expect(await campaignState(campaignId)).toBe("SENT");
  });

  test("a slow worker's answer still lands after its lease was declared unknown", async () => {
    const { campaignId, chunks } = await startedCampaign(3);
    const [slow] = await claimDeliveries(db(), { campaignId, chunk: chunks[0]!, owner: "slow-worker", limit: 1, leaseSeconds: 1 });
    await sleep(1100);
    await expireLeases(db());
    await recordOutcomes(db(), { owner: "slow-worker", outcomes: [{ id: slow!.id, status: "sent", providerMessageId: "late-1" }] });
    // Another worker cannot overwrite it.
    await recordOutcomes(db(), { owner: "someone-else", outcomes: [{ id: slow!.id, status: "failed", error: "no" }] });
    const row = await db().selectFrom("deliveries").select(["status", "providerMessageId"]).where("id", "=", slow!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", providerMessageId: "late-1" });
  });

  test("a deleted contact's delivery fails with the reason instead of stopping the chunk", async () => {
    const { campaignId, chunks } = await startedCampaign(4);
    const [first] = await db().selectFrom("deliveries").select(["id", "contactId"]).where("campaignId", "=", campaignId).orderBy("contactId").limit(1).execute();
    await db().deleteFrom("contacts").where("id", "=", first!.contactId).execute();
    await sendChunk(chunkWorker(), { campaignId, chunk: chunks[0]! });
    expect(await statuses(campaignId)).toEqual({ sent: 3, failed: 1 });
    const row = await db().selectFrom("deliveries").select("error").where("id", "=", first!.id).executeTakeFirstOrThrow();
    expect(row.error).toBe("The contact was deleted before the message was sent.");
  });

  test("a stopping worker leaves the rest of the chunk queued, nothing in flight", async () => {
    const { campaignId, chunks } = await startedCampaign(100);
    let windows = 0;
    const worker = chunkWorker({ settings: { ...chunkWorker().settings, window: 10 }, stopping: () => windows++ >= 2 });
    await expect(sendChunk(worker, { campaignId, chunk: chunks[0]! })).rejects.toBeInstanceOf(ChunkInterrupted);
    expect(await statuses(campaignId)).toEqual({ sent: 20, queued: 80 });
    expect(await campaignState(campaignId)).toBe("ACTIVE");
  });

  test("the scheduler starts a due campaign once, however many ticks see it", async () => {
    const { teamId } = await createUser();
    await addContacts(teamId, [{}]);
    const campaign = await draftCampaign(teamId);
    await db().updateTable("campaigns").set({ state: "SCHEDULED", scheduledAt: new Date(Date.now() - 1000) }).where("id", "=", campaign.id).execute();
    const first = await startDueCampaigns(db(), boss);
    const second = await startDueCampaigns(db(), boss);
    expect(first).toContain(campaign.id);
    expect(second).not.toContain(campaign.id);
    expect(await campaignState(campaign.id)).toBe("ACTIVE");
    expect(await boss.findJobs("campaign-start", { data: { campaignId: campaign.id } })).toHaveLength(1);
  });

  test("send slots keep a shared rate: each batch waits for the previous one's share of the second", async () => {
    const { teamId } = await createUser();
    const reserve = () => reserveSendSlots(db(), { teamId, channel: "SMS", count: 5, ratePerSecond: 10 });
    const waits = [await reserve(), await reserve(), await reserve()];
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(400);
    expect(waits[1]).toBeLessThanOrEqual(500);
    expect(waits[2]).toBeGreaterThan(900);
    expect(await reserveSendSlots(db(), { teamId, channel: "EMAIL", count: 5, ratePerSecond: 0 })).toBe(0);
  });
});
