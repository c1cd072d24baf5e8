import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, vi } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { senderFor } from "#server/channels/senders.ts";
import { createSmtpSender } from "#server/channels/smtp-sender.ts";
import type { ChannelSender } from "#server/channels/types.ts";
import { CAMPAIGN_START_QUEUE, SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { type ChunkJob, type ChunkWorker, sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import type { DeliverySettings } from "#server/delivery/settings.ts";
import { createSegment } from "#server/segments/segments.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { ownerAccess } from "../team-access.ts";

export type ContactSeed = {
  email?: string | null;
  phone?: string | null;
  name?: string;
  emailStatus?: string;
  smsStatus?: string;
};

/** Contacts of a team, written as an import would leave them; returns their ids in order. */
export async function addContacts(teamId: string, seeds: ContactSeed[]): Promise<string[]> {
  const rows = seeds.map((seed) => ({
    id: newId(),
    teamId,
    email: seed.email === undefined ? `${newId()}@murmur.test` : seed.email,
    phone: seed.phone ?? null,
    name: seed.name ?? "Ada",
    emailStatus: seed.emailStatus ?? "subscribed",
    smsStatus: seed.smsStatus ?? "subscribed",
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await getDb()
      .insertInto("contacts")
      .values(rows.slice(i, i + 1000))
      .execute();
  return rows.map((row) => row.id);
}

/** A static segment of the team holding these contacts. */
export async function staticSegment(teamId: string, contactIds: string[], name = "Segment"): Promise<string> {
  const { id } = await createSegment(getDb(), { access: await ownerAccess(teamId), name });
  if (contactIds.length)
    await getDb()
      .insertInto("segmentMembers")
      .values(contactIds.map((contactId) => ({ segmentId: id, contactId })))
      .execute();
  return id;
}

/** A draft campaign made the way the Broadcasts form makes one. */
export async function draftCampaign(
  teamId: string,
  options: {
    type?: CampaignType;
    segmentIds?: string[];
    subject?: string;
    content?: string;
    whatsapp?: { template: string; language: string; parameters: string[] };
  } = {},
) {
  return createCampaign(getDb(), {
    access: await ownerAccess(teamId),
    input: {
      name: "Launch",
      type: options.type ?? "EMAIL",
      subject: options.subject ?? "Hello",
      content: options.content ?? "<p>News</p>",
      segmentIds: options.segmentIds ?? [],
      scheduledTime: "",
      whatsapp: options.whatsapp,
    },
  });
}

/** Settings with no waiting: tests see retries at once when they ask for them. */
export function testSettings(overrides: Partial<DeliverySettings> = {}): DeliverySettings {
  return {
    ratePerSecond: { EMAIL: 0, SMS: 0, WHATSAPP: 0 },
    concurrency: 2,
    window: 50,
    leaseSeconds: 60,
    maxAttempts: 3,
    retryBaseSeconds: 0,
    maxRetryDelaySeconds: 0,
    ...overrides,
  };
}

export function chunkWorker(overrides: Partial<ChunkWorker> = {}): ChunkWorker {
  return {
    db: getDb(),
    owner: `test/${newId()}`,
    settings: testSettings(),
    senders: senderFor,
    stopping: () => false,
    ...overrides,
  };
}

/** pg-boss on the test database, for creating jobs (no handlers run unless a test registers them). */
export async function startBoss(): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 3, supervise: false, schedule: false });
  await boss.start();
  return boss;
}

/**
 * For a test file that starts campaigns: pg-boss with the send queues, started before the file's tests and stopped
 * after them.
 */
export function sendQueues(): { readonly boss: PgBoss } {
  const queues = {} as { boss: PgBoss };
  beforeAll(async () => {
    queues.boss = await startBoss();
    await queues.boss.createQueue(SEND_CHUNK_QUEUE);
    await queues.boss.createQueue(CAMPAIGN_START_QUEUE);
  });
  afterAll(async () => {
    await queues.boss?.stop({ graceful: false });
  });
  return queues;
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * For a test file that sends for real: pg-boss with the send queues, and an
 * in-process SMTP server (asking for the given credentials, if any), started
 * before the file's tests and stopped after them. The server is on loopback, so
 * the operator's ALLOW_PRIVATE_SMTP is set for the file.
 */
export function sendingServices(sinkOptions?: Parameters<typeof startSmtpSink>[0]): {
  readonly boss: PgBoss;
  readonly sink: SmtpSink;
} {
  const queues = sendQueues();
  const services = {
    get boss() {
      return queues.boss;
    },
  } as { readonly boss: PgBoss; sink: SmtpSink };
  beforeAll(async () => {
    vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
    services.sink = await startSmtpSink(sinkOptions);
  });
  afterAll(async () => {
    await services.sink?.close();
    vi.unstubAllEnvs();
  });
  return services;
}

/** The chunk jobs a campaign's start created. */
export function chunkJobsOf(boss: PgBoss, campaignId: string) {
  return boss.findJobs<ChunkJob>(SEND_CHUNK_QUEUE, { data: { campaignId } });
}

/** A sender to the file's in-process SMTP server, as a team that saved it as its provider would send. */
export function sinkSender(
  sink: SmtpSink,
  from = { fromName: "Murmur", fromAddress: "news@murmur.test" },
): ChannelSender {
  return createSmtpSender({
    allowPrivateNetworks: true,
    config: { host: sink.host, port: sink.port, security: "none", username: null, ...from },
  });
}

/**
 * Sends the team's campaign now, as the button does, then runs each chunk its start
 * queued through `worker` once, in order (no job runner: the test drives it).
 */
export async function sendAllChunks(
  boss: PgBoss,
  options: { teamId: string; campaignId: string; worker: ChunkWorker },
): Promise<void> {
  const db = getDb();
  await sendCampaignNow(db, { access: await ownerAccess(options.teamId), campaignId: options.campaignId });
  await startCampaign(db, boss, options.campaignId);
  for (const job of await chunkJobsOf(boss, options.campaignId)) await sendChunk(options.worker, job.data);
}
