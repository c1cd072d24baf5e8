import { beforeEach, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import type { ChunkJob } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { createUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";
import { addContacts, draftCampaign, sendQueues, staticSegment } from "./fixtures.ts";

const queues = sendQueues();

beforeEach(async () => {
  await queues.boss.deleteAllJobs(SEND_CHUNK_QUEUE);
});

/** A team's broadcast to `recipients` new contacts, sent now and started: its chunks are queued. */
async function startedBroadcast(recipients: number, name: string) {
  const { teamId } = await createUser();
  const contactIds = await addContacts(
    teamId,
    Array.from({ length: recipients }, (_, n) => ({ email: `${name}-${n}@example.com` })),
  );
  const campaign = await draftCampaign(teamId, { segmentIds: [await staticSegment(teamId, contactIds, name)] });
  await sendCampaignNow(getDb(), { access: await ownerAccess(teamId), campaignId: campaign.id });
  await startCampaign(getDb(), queues.boss, campaign.id);
  return campaign.id;
}

/** The chunk jobs in the order the workers take them, one fetch at a time as each worker slot does. */
async function takenInOrder(): Promise<ChunkJob[]> {
  const taken: ChunkJob[] = [];
  for (;;) {
    const [job] = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE);
    if (!job) return taken;
    taken.push(job.data);
  }
}

test("a broadcast started behind a larger one of another team interleaves with it, chunk for chunk", async () => {
  const large = await startedBroadcast(1_400, "large");
  await startedBroadcast(600, "small");

  const order = (await takenInOrder()).map((job) => (job.campaignId === large ? "large" : "small"));

  expect(order).toEqual(["large", "small", "large", "small", "large"]);
});

test("one campaign's chunks are still taken in contact order", async () => {
  await startedBroadcast(1_600, "only");

  const froms = (await takenInOrder()).map((job) => job.chunk.from);

  expect(froms).toHaveLength(4);
  expect(froms).toEqual([...froms].sort());
});
