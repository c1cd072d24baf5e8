import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createDatabase, getDb } from "#db/database.ts";
import type { ChannelSender } from "#server/channels/types.ts";
import { markSending, readDueDeliveries, recordOutcomes } from "#server/delivery/ledger.ts";
import { expireLeases, renewLeases, UNKNOWN_OUTCOME } from "#server/delivery/leases.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { ChunkInterrupted, sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign, startDueCampaigns } from "#server/delivery/start-campaign.ts";
import { reserveSendSlots } from "#server/delivery/throttle.ts";
import { createUser } from "../factories.ts";
import { addContacts, chunkWorker, draftCampaign, sendQueues } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

const db = () => getDb();

/**
 * A team with `count` contacts and an EMAIL campaign to all of them, started: recipients resolved, chunk jobs created.
 */
async function startedCampaign(count: number) {
  const { teamId } = await createUser();
  await addContacts(
    teamId,
    Array.from({ length: count }, (_, i) => ({ email: `person${i}@murmur.test` })),
  );
  const campaign = await draftCampaign(teamId, { subject: "Spring news", content: "<p>Hello</p>" });
  await sendCampaignNow(db(), { access: await ownerAccess(teamId), campaignId: campaign.id });
  const started = await startCampaign(db(), queues.boss, campaign.id);
  const jobs = await queues.boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
    SEND_CHUNK_QUEUE,
    { data: { campaignId: campaign.id } },
  );
  return { teamId, campaignId: campaign.id, started, chunks: jobs.map((job) => job.data.chunk) };
}

const outbox = (campaignId: string) =>
  db()
    .selectFrom("outboxMessages")
    .select(["deliveryId", "toAddress", "summary", "messageId"])
    .where("campaignId", "=", campaignId)
    .execute();
const statuses = async (campaignId: string) => {
  const rows = await db()
    .selectFrom("deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("campaignId", "=", campaignId)
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
};
/** When `run` was called and when it returned: the database's clock read inside it lies between. */
async function timed(run: () => Promise<unknown>) {
  const before = new Date();
  await run();
  return { before, after: new Date() };
}
const secondsAfter = (moment: Date, seconds: number) => new Date(moment.getTime() + seconds * 1000);
const campaignState = async (campaignId: string) =>
  (await db().selectFrom("campaigns").select("state").where("id", "=", campaignId).executeTakeFirstOrThrow()).state;

describe("send pipeline", () => {
  test("a start resolves once and creates one job per chunk; a second start changes nothing", async () => {
    const { campaignId, started, chunks } = await startedCampaign(1200);
    expect(started).toEqual({ recipients: 1200, chunks: 3 });
    expect(chunks).toHaveLength(3);
    expect(await startCampaign(db(), queues.boss, campaignId)).toBeNull();
    expect(await queues.boss.findJobs(SEND_CHUNK_QUEUE, { data: { campaignId } })).toHaveLength(3);
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
    const providerIds = await db()
      .selectFrom("deliveries")
      .select("providerMessageId")
      .where("campaignId", "=", campaignId)
      .execute();
    expect(providerIds.every((row) => row.providerMessageId)).toBe(true);
    expect(await campaignState(campaignId)).toBe("SENT");
  });

  test("two workers on the same chunk at once never send a message twice", async () => {
    const { campaignId, chunks } = await startedCampaign(400);
    const chunk = chunks[0]!;
    await Promise.all([
      sendChunk(chunkWorker({ settings: { ...chunkWorker().settings, window: 7 } }), { campaignId, chunk }),
      sendChunk(chunkWorker({ settings: { ...chunkWorker().settings, window: 11 } }), { campaignId, chunk }),
    ]);
    const messages = await outbox(campaignId);
    expect(messages).toHaveLength(400);
    expect(new Set(messages.map((m) => m.deliveryId)).size).toBe(400);
    expect(await statuses(campaignId)).toEqual({ sent: 400 });
  });

  test("messages handed over when a worker died become unknown and are never sent again; those it read but never took are sent by the next worker", async () => {
    const { campaignId, chunks } = await startedCampaign(30);
    // A worker reads 8 deliveries, takes 5 and hands them to the provider, and dies before recording what it said.
    const read = await readDueDeliveries(db(), { campaignId, chunk: chunks[0]!, after: null, limit: 8 });
    expect(read).toHaveLength(8);
    const handed = read.slice(0, 5);
    const { leaseSeconds } = chunkWorker().settings;
    const { before, after } = await timed(() =>
      markSending(db(), { owner: "dead-worker", ids: handed.map((d) => d.id), leaseSeconds }),
    );
    // Within the lease the claim holds; once it has lapsed the messages are unknown.
    expect(await expireLeases(db(), { at: secondsAfter(before, leaseSeconds - 1) })).toEqual([]);
    expect(await statuses(campaignId)).toEqual({ queued: 25, sending: 5 });
    expect(await expireLeases(db(), { at: secondsAfter(after, leaseSeconds + 1) })).toEqual([campaignId]);
    expect(await statuses(campaignId)).toEqual({ queued: 25, unknown: 5 });
    await sendChunk(chunkWorker(), { campaignId, chunk: chunks[0]! });

    expect(await statuses(campaignId)).toEqual({ sent: 25, unknown: 5 });
    const sentTo = (await outbox(campaignId)).map((m) => m.deliveryId);
    expect(sentTo).toHaveLength(25);
    expect(new Set(sentTo).size).toBe(25);
    for (const delivery of handed) expect(sentTo).not.toContain(delivery.id);
    for (const delivery of read.slice(5)) expect(sentTo).toContain(delivery.id);
    // Reading is not an attempt: the one the next worker made is the first.
    const attempts = await db()
      .selectFrom("deliveries")
      .select("attempts")
      .where("id", "=", read[7]!.id)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(1);
    const unknown = await db()
      .selectFrom("deliveries")
      .select("error")
      .where("id", "=", handed[0]!.id)
      .executeTakeFirstOrThrow();
    expect(unknown.error).toBe(UNKNOWN_OUTCOME);
    expect(await campaignState(campaignId)).toBe("SENT");
  });

  test("a live worker that could not write its answers stops renewing those claims: they lapse into unknown outcomes", async () => {
    const { campaignId, chunks } = await startedCampaign(6);
    // The chunk's own connection to the database, lost for good while the messages are out.
    const lost = createDatabase(process.env.DATABASE_URL!, { max: 2 });
    let closing: Promise<void> | undefined;
    const sender: ChannelSender = {
      channel: "EMAIL",
      inFlightLimit: 3,
      async send(message) {
        // Closing: no statement can start on it any more, including the one that would record this answer.
        closing ??= lost.destroy();
        return { status: "sent", providerMessageId: `p-${message.deliveryId}` };
      },
      async close() {},
    };
    const worker = chunkWorker({ db: lost, senders: async () => sender, claims: new Set() });
    const { after } = await timed(() => expect(sendChunk(worker, { campaignId, chunk: chunks[0]! })).rejects.toThrow());
    await closing;
    expect(await statuses(campaignId)).toEqual({ queued: 3, sending: 3 });

    // The worker lives on and renews the claims it holds: none of these.
    expect(worker.claims!.size).toBe(0);
    const { leaseSeconds } = worker.settings;
    await renewLeases(db(), { owner: worker.owner, leaseSeconds, ids: [...worker.claims!] });
    expect(await expireLeases(db(), { at: secondsAfter(after, leaseSeconds + 1) })).toEqual([campaignId]);
    expect(await statuses(campaignId)).toEqual({ queued: 3, unknown: 3 });
  });

  test("a row is taken once: a stalled worker cannot hand over what another took", async () => {
    const { campaignId, chunks } = await startedCampaign(10);
    const chunk = chunks[0]!;
    const stalled = await readDueDeliveries(db(), { campaignId, chunk, after: null, limit: 10 });
    expect(await sendChunk(chunkWorker(), { campaignId, chunk })).toEqual({ retryAt: null });
    expect(
      (await markSending(db(), { owner: "stalled-worker", ids: stalled.map((d) => d.id), leaseSeconds: 1 })).size,
    ).toBe(0);
    expect(await statuses(campaignId)).toEqual({ sent: 10 });
    expect(await outbox(campaignId)).toHaveLength(10);
  });

  test("a slow worker's answer still lands after its lease was declared unknown", async () => {
    const { campaignId, chunks } = await startedCampaign(3);
    const [slow] = await readDueDeliveries(db(), { campaignId, chunk: chunks[0]!, after: null, limit: 1 });
    const { leaseSeconds } = chunkWorker().settings;
    const { after } = await timed(() => markSending(db(), { owner: "slow-worker", ids: [slow!.id], leaseSeconds }));
    expect(await expireLeases(db(), { at: secondsAfter(after, leaseSeconds + 1) })).toEqual([campaignId]);
    await recordOutcomes(db(), {
      owner: "slow-worker",
      outcomes: [{ id: slow!.id, status: "sent", providerMessageId: "late-1" }],
    });
    // Another worker cannot overwrite it.
    await recordOutcomes(db(), { owner: "someone-else", outcomes: [{ id: slow!.id, status: "failed", error: "no" }] });
    const row = await db()
      .selectFrom("deliveries")
      .select(["status", "providerMessageId"])
      .where("id", "=", slow!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", providerMessageId: "late-1" });
  });

  test("answers recorded over and over on one connection, where PostgreSQL settles on one plan for them, still land only for their owner", async () => {
    const { campaignId, chunks } = await startedCampaign(16);
    const one = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    try {
      const due = await readDueDeliveries(one, { campaignId, chunk: chunks[0]!, after: null, limit: 16 });
      const { leaseSeconds } = chunkWorker().settings;
      await markSending(one, { owner: "worker-a", ids: due.map((d) => d.id), leaseSeconds });
      // Eight rounds of two answers: past the fifth run a named statement may run on a generic plan.
      for (let round = 0; round < 8; round++) {
        const [mine, theirs] = due.slice(round * 2, round * 2 + 2);
        await recordOutcomes(one, {
          owner: "worker-a",
          outcomes: [{ id: mine!.id, status: "sent", providerMessageId: `p-${round}` }],
        });
        await recordOutcomes(one, { owner: "worker-b", outcomes: [{ id: theirs!.id, status: "failed", error: "no" }] });
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(one);
      expect(rows.filter((row) => row.statement.includes("recorded as ("))).toHaveLength(1);
    } finally {
      await one.destroy();
    }
    expect(await statuses(campaignId)).toEqual({ sent: 8, sending: 8 });
  });

  test("a chunk gives the sender no more messages than it has on the wire, each one marked sending before it goes", async () => {
    const { campaignId, chunks } = await startedCampaign(40);
    let inFlight = 0;
    let most = 0;
    let mostSending = 0;
    const seen: string[] = [];
    const sender: ChannelSender = {
      channel: "EMAIL",
      inFlightLimit: 3,
      async send(message) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const row = await db()
          .selectFrom("deliveries")
          .select("status")
          .where("id", "=", message.deliveryId)
          .executeTakeFirstOrThrow();
        seen.push(row.status);
        const sending = await db()
          .selectFrom("deliveries")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("campaignId", "=", campaignId)
          .where("status", "=", "sending")
          .executeTakeFirstOrThrow();
        mostSending = Math.max(mostSending, Number(sending.n));
        await sleep(5);
        inFlight -= 1;
        return { status: "sent", providerMessageId: `p-${message.deliveryId}` };
      },
      async close() {},
    };
    await sendChunk(chunkWorker({ senders: async () => sender, settings: { ...chunkWorker().settings, window: 20 } }), {
      campaignId,
      chunk: chunks[0]!,
    });
    expect(seen).toHaveLength(40);
    expect(seen.every((status) => status === "sending")).toBe(true);
    expect(most).toBe(3);
    // The ledger never shows more in flight than the sender holds: answers are recorded as groups are marked.
    expect(mostSending).toBeLessThanOrEqual(3);
    expect(await statuses(campaignId)).toEqual({ sent: 40 });
    const counts = await db()
      .selectFrom("campaignDeliveryCounts")
      .select(["status", "total"])
      .where("campaignId", "=", campaignId)
      .where("total", "<>", 0)
      .execute();
    expect(counts.map((row) => [row.status, Number(row.total)])).toEqual([["sent", 40]]);
  });

  test("a deleted contact's delivery fails with the reason instead of stopping the chunk", async () => {
    const { campaignId, chunks } = await startedCampaign(4);
    const [first] = await db()
      .selectFrom("deliveries")
      .select(["id", "contactId"])
      .where("campaignId", "=", campaignId)
      .orderBy("contactId")
      .limit(1)
      .execute();
    await db().deleteFrom("contacts").where("id", "=", first!.contactId).execute();
    await sendChunk(chunkWorker(), { campaignId, chunk: chunks[0]! });
    expect(await statuses(campaignId)).toEqual({ sent: 3, failed: 1 });
    const row = await db()
      .selectFrom("deliveries")
      .select("error")
      .where("id", "=", first!.id)
      .executeTakeFirstOrThrow();
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
    await db()
      .updateTable("campaigns")
      .set({ state: "SCHEDULED", scheduledAt: new Date(Date.now() - 1000) })
      .where("id", "=", campaign.id)
      .execute();
    const first = await startDueCampaigns(db(), queues.boss);
    const second = await startDueCampaigns(db(), queues.boss);
    expect(first).toContain(campaign.id);
    expect(second).not.toContain(campaign.id);
    expect(await campaignState(campaign.id)).toBe("ACTIVE");
    expect(await queues.boss.findJobs("campaign-start", { data: { campaignId: campaign.id } })).toHaveLength(1);
  });

  test("send slots keep a shared rate: each batch waits for the previous one's share of the second", async () => {
    const { teamId } = await createUser();
    const start = new Date();
    const reserve = (atMs: number) =>
      reserveSendSlots(db(), {
        teamId,
        channel: "SMS",
        count: 5,
        ratePerSecond: 10,
        at: new Date(start.getTime() + atMs),
      });
    // Three batches asked for at once, then one after the channel has been idle a while.
    expect([await reserve(0), await reserve(0), await reserve(0)]).toEqual([0, 500, 1000]);
    expect(await reserve(200)).toBe(1300);
    expect(await reserve(5_000)).toBe(0);
    expect(await reserveSendSlots(db(), { teamId, channel: "EMAIL", count: 5, ratePerSecond: 0 })).toBe(0);
  });
});
