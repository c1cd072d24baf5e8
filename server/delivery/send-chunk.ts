import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import type { SenderResolver } from "#server/channels/senders.ts";
import type { IngestionGate } from "#server/ingestion-pressure/gate.ts";
import { countMessageOutcome } from "#server/metrics/delivery-metrics.ts";
import { prepareBudgetedRenderer } from "#server/content/budgeted-render.ts";
import { isDemoTeam } from "#server/teams/demo-team.ts";
import { holdsChannel } from "#server/frequency/decide.ts";
import { getSendPolicy } from "#server/frequency/settings.ts";
import { type DeliveryContext, type PreparedMessage, prepareMessage, sendPrepared } from "./deliver.ts";
import { finishCampaigns } from "./finish.ts";
import { holdBackAsMarked, holdBackDeliveries } from "./frequency-hold.ts";
import { notifyIfBulkRejected } from "#server/notifications/provider-rejections.ts";
import { handOver } from "./handoff.ts";
import {
  type DeliveryOutcome,
  type DueDelivery,
  markSending,
  nextRetryAt,
  readDueDeliveries,
  recordOutcomes,
} from "./ledger.ts";
import { messageIdDomain, messageIdFor } from "./message-id.ts";
import { receivedAlongside } from "./received-changes.ts";
import { recordPatiently } from "./record-patiently.ts";
import type { Chunk } from "./recipients.ts";
import type { DeliverySettings } from "./settings.ts";
import { reserveSendSlots } from "./throttle.ts";
import { prepareMessageFinisher } from "./tracked-content.ts";

/** The payload of a send-chunk job. */
/** `traceId` is the send's trace id (see sendCampaignNow), absent from jobs queued before trace ids existed. */
export type ChunkJob = { campaignId: string; chunk: Chunk; traceId?: string };

export type ChunkWorker = {
  db: Database;
  /** Names this worker on the leases it takes. */
  owner: string;
  settings: DeliverySettings;
  senders: SenderResolver;
  /** True once the worker is stopping: the chunk stops after the messages in flight. */
  stopping: () => boolean;
  /** The time frequency caps and quiet hours are decided at; the real one unless a test sets it. */
  now?: () => Date;
  /**
   * The deliveries this worker has marked `sending` and whose answers it has not written
   * yet: the claims its lease keeper renews (server/delivery/jobs.ts).
   */
  claims?: Set<string>;
  /** Passed before each chunk, so a burst of ingestion gets the cores first (none unless given). */
  ingestion?: IngestionGate;
};

export class ChunkInterrupted extends Error {
  constructor() {
    super("The worker is stopping; the rest of this chunk is sent by the job's next attempt.");
  }
}

/**
 * Sends a chunk's due deliveries, a window at a time: reserve send slots for the
 * channel's rate, read a window of due deliveries (no lock), render it, hand the
 * messages to the provider no faster than it really sends them (each group taken as
 * `sending` just before), record the answers group by group. Returns when the chunk
 * has no due delivery left, with the time of its next retry (when some failed
 * transiently) so the caller can schedule the chunk again. Throws
 * ChunkInterrupted when the worker stops, so the job is retried and the chunk resumes.
 */
export async function sendChunk(worker: ChunkWorker, job: ChunkJob): Promise<{ retryAt: Date | null }> {
  const { db, settings } = worker;
  // Before anything is read or rendered: the chunk's whole cost comes after a burst, or after the gate's cap.
  await worker.ingestion?.yieldToIngestion({ work: "send chunks", stopped: worker.stopping });
  const campaign = await db
    .selectFrom("campaigns")
    .select([
      "id",
      "teamId",
      "state",
      "type",
      "subject",
      "content",
      "contentFormat",
      "whatsappTemplate",
      "whatsappLanguage",
      "whatsappParameters",
      "ignoreFrequencyCaps",
    ])
    .where("id", "=", job.campaignId)
    .executeTakeFirst();
  // Deleted, or already finished: nothing of this chunk is left to send.
  if (!campaign || campaign.state !== "ACTIVE") return { retryAt: null };

  const channel = campaign.type as CampaignType;
  const domain = messageIdDomain();
  const context: DeliveryContext = {
    campaign,
    // A template that does not parse fails each message with the reason, rather than the job forever.
    render: prepareBudgetedRenderer(campaign),
    finish: await prepareMessageFinisher(db, campaign),
    sender: await worker.senders(db, campaign.teamId, channel),
    settings,
    messageId: (delivery) =>
      messageIdFor({
        campaignId: campaign.id,
        contactId: delivery.contactId,
        journeyRunId: delivery.journeyRunId,
        domain,
      }),
    onlyReservedAddresses: await isDemoTeam(db, campaign.teamId),
  };
  // A campaign that opts out, or a team with no rule for the channel, costs no extra statement per window.
  const policy = campaign.ignoreFrequencyCaps ? null : await getSendPolicy(db, { teamId: campaign.teamId });
  const holds = policy !== null && holdsChannel(policy, channel);
  const rate = settings.ratePerSecond[channel];
  // Under a rate limit a window is at most a second's worth, so sends stay evenly spread.
  const window = rate > 0 ? Math.max(1, Math.min(settings.window, Math.floor(rate))) : settings.window;

  let interrupted = false;
  // Where the next read starts: rows before it were read already (and marked, or taken by another job).
  let after: { contactId: string; id: string } | null = null;
  try {
    await sendWindows(worker, context, {
      limit: Math.min(context.sender.inFlightLimit, window),
      stillFree: holds
        ? (trx, due) =>
            holdBackAsMarked(trx, { teamId: campaign.teamId, channel, policy, due, now: worker.now?.() ?? new Date() })
        : undefined,
      // The next window: its share of the channel's rate, then the read, then rendering.
      read: async () => {
        if (worker.stopping()) {
          interrupted = true;
          return [];
        }
        const wait = await reserveSendSlots(db, {
          teamId: campaign.teamId,
          channel,
          count: window,
          ratePerSecond: rate,
        });
        if (wait > 0) await sleep(wait);
        // A window held back whole is not the chunk's end: read on until one has a message to send.
        for (;;) {
          const due = await readDueDeliveries(db, { campaignId: campaign.id, chunk: job.chunk, after, limit: window });
          const last = due.at(-1);
          if (last) after = { contactId: last.contactId, id: last.id };
          if (!holds || due.length === 0) return due;
          const free = await holdBackDeliveries(db, {
            teamId: campaign.teamId,
            channel,
            policy,
            due,
            now: worker.now?.() ?? new Date(),
          });
          if (free.length > 0) return free;
        }
      },
    });
  } finally {
    // A pooled SMTP sender holds connections open: each chunk gets its own and lets them go.
    await context.sender.close();
  }
  if (interrupted) throw new ChunkInterrupted();
  await notifyIfBulkRejected(db, { campaignId: campaign.id });

  const retryAt = await nextRetryAt(db, { campaignId: campaign.id, chunk: job.chunk });
  if (!retryAt) await finishCampaigns(db, { campaignIds: [campaign.id] });
  return { retryAt };
}

/**
 * Sends windows of due deliveries until `read` finds none, with no pause between
 * windows (the next is read while the last messages of the one before are out).
 * Messages go to the sender with at most `limit` unanswered, the sender's
 * inFlightLimit: more would wait in its queue, and be lost as `unknown` if the
 * worker died. Each group is marked sending in the statement that records the
 * answers received so far, so the rows in `sending` are the messages really out.
 * Rows read but not taken stay queued: nothing needs giving back when the chunk
 * stops short, and a row another job took meanwhile is skipped.
 */
async function sendWindows(
  worker: ChunkWorker,
  context: DeliveryContext,
  options: {
    limit: number;
    read: () => Promise<DueDelivery[]>;
    /** Which of a group's deliveries may still go, decided again as they are marked (the frequency caps). */
    stillFree?: (trx: Database, due: DueDelivery[]) => Promise<string[]>;
  },
): Promise<void> {
  const { db, owner, settings } = worker;
  const { stillFree } = options;
  const claims = worker.claims ?? new Set<string>();
  // Answers waiting for the next statement.
  let unrecorded: DeliveryOutcome[] = [];
  const marked: string[] = [];
  // Whose message each marked delivery is: answers carry only the delivery.
  const contactOf = new Map<string, string>();
  const alongside = (outcomes: DeliveryOutcome[]) =>
    receivedAlongside(db, { teamId: context.campaign.teamId, outcomes, contactOf });
  try {
    await handOver<PreparedMessage>({
      limit: options.limit,
      take: async () => {
        const due = await options.read();
        if (due.length === 0) return null;
        // A message that cannot be rendered is taken like the others, and its failure recorded as its answer.
        return Promise.all(due.map((delivery) => prepareMessage(context, delivery)));
      },
      mark: async (group) => {
        const answered = unrecorded;
        unrecorded = [];
        try {
          const ids = group.map((p) => p.delivery.id);
          const due = group.map((p) => p.delivery);
          const confirmed = await markSending(db, {
            owner,
            ids,
            leaseSeconds: settings.leaseSeconds,
            answered,
            alongside: await alongside(answered),
            stillFree: stillFree && ((trx) => stillFree(trx, due)),
          });
          for (const outcome of answered) {
            claims.delete(outcome.id);
            contactOf.delete(outcome.id);
          }
          for (const prepared of group)
            if (confirmed.has(prepared.delivery.id)) {
              claims.add(prepared.delivery.id);
              marked.push(prepared.delivery.id);
              contactOf.set(prepared.delivery.id, prepared.delivery.contactId);
            }
          return group.filter((p) => confirmed.has(p.delivery.id));
        } catch (error) {
          unrecorded.push(...answered);
          throw error;
        }
      },
      send: async (prepared) => {
        const outcome = await sendPrepared(context, prepared);
        countMessageOutcome(context.sender.channel, outcome.status);
        // Only now: `unrecorded` may have been swapped for a new list while the message was out.
        unrecorded.push(outcome);
      },
    });
  } finally {
    try {
      // The provider's answers are known: a database restart meanwhile must not turn them into unknowns.
      await recordPatiently(
        async () => recordOutcomes(db, { owner, outcomes: unrecorded, alongside: await alongside(unrecorded) }),
        {
          forMs: settings.leaseSeconds * 1000,
        },
      );
    } finally {
      // Written now, or not by this worker: either way no longer its claims to renew.
      for (const id of marked) claims.delete(id);
    }
  }
}
