import type { PgBoss, Queue } from "pg-boss";
import { repeat } from "#server/repeat.ts";
import { log } from "#server/log.ts";
import { finishCampaigns } from "./finish.ts";
import { expireLeases, renewLeases } from "./leases.ts";
import { CAMPAIGN_START_QUEUE, type CampaignStartJob, SEND_CHUNK_QUEUE } from "./queues.ts";
import { ChunkInterrupted, type ChunkJob, type ChunkWorker, sendChunk } from "./send-chunk.ts";
import { startCampaign, startDueCampaigns } from "./start-campaign.ts";

const QUEUES: Record<string, Omit<Queue, "name">> = {
  // Resolving a million recipients takes seconds; a failed attempt rolls back whole and is retried.
  [CAMPAIGN_START_QUEUE]: {
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    heartbeatSeconds: 30,
  },
  // The heartbeat lets pg-boss retry a dead worker's chunk within seconds, not at expiry; a
  // throttled chunk can take a long time, so the expiry is generous.
  [SEND_CHUNK_QUEUE]: {
    retryLimit: 50,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    heartbeatSeconds: 10,
    expireInSeconds: 6 * 3600,
    // A chunk job wakes the workers as its transaction commits (journeys make one per batch of
    // runs, and their messages should go out within a second or two), rather than at their next poll.
    notify: true,
  },
};

/** How often the scheduler looks for due campaigns: "starts at its time" means within seconds. */
const TICK_MS = 1000;

/**
 * Registers the send pipeline on a started pg-boss: the start and chunk queues with
 * their handlers, the scheduler tick, and the lease keeper (renews this worker's
 * claims, declares lapsed ones unknown). Returns `stop`, which makes chunks stop after
 * the messages in flight; call it before stopping pg-boss.
 */
export async function registerDeliveryJobs(
  boss: PgBoss,
  worker: Omit<ChunkWorker, "stopping">,
): Promise<{ stop: () => void }> {
  let stopping = false;
  const claims = new Set<string>();
  const chunkWorker: ChunkWorker = { ...worker, claims, stopping: () => stopping };
  const { db } = worker;

  for (const [name, options] of Object.entries(QUEUES)) {
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }

  await boss.work<CampaignStartJob>(CAMPAIGN_START_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const { campaignId, traceId } = job!.data;
    const started = await startCampaign(db, boss, campaignId, traceId);
    if (started) log.info({ traceId, campaignId, ...started }, "campaign recipients resolved");
  });

  await boss.work<ChunkJob>(
    SEND_CHUNK_QUEUE,
    // The poll stays as fast as without NOTIFY: a retry's job is due later than it was created.
    { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, localConcurrency: worker.settings.concurrency },
    async ([job]) => {
      try {
        const { retryAt } = await sendChunk(chunkWorker, job!.data);
        log.info({ traceId: job!.data.traceId, campaignId: job!.data.campaignId, retryAt }, "send chunk done");
        // Transient failures wait for their retry in a later job of the same chunk.
        if (retryAt) await boss.send(SEND_CHUNK_QUEUE, job!.data, { startAfter: retryAt });
      } catch (error) {
        if (!(error instanceof ChunkInterrupted))
          log.error({ err: error, traceId: job!.data.traceId, campaignId: job!.data.campaignId }, "send chunk failed");
        throw error;
      }
    },
  );

  const tick = repeat(TICK_MS, "scheduler tick", async () => {
    const started = await startDueCampaigns(db, boss);
    if (started.length) log.info({ campaignIds: started }, "campaigns starting");
    await finishCampaigns(db);
  });
  const leaseMs = Math.max(1000, (worker.settings.leaseSeconds * 1000) / 3);
  const leases = repeat(leaseMs, "lease keeper", async () => {
    await renewLeases(db, { owner: worker.owner, leaseSeconds: worker.settings.leaseSeconds, ids: [...claims] });
    const touched = await expireLeases(db);
    if (touched.length) {
      log.warn({ campaignIds: touched }, "deliveries of a stopped worker marked unknown");
      await finishCampaigns(db, { campaignIds: touched });
    }
  });

  return {
    stop: () => {
      stopping = true;
      tick.stop();
      leases.stop();
    },
  };
}
