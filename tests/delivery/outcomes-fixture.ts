import { getDb } from "#db/database.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { unsubscribeRecipient } from "#server/tracking/unsubscribe.ts";
import { addContacts, chunkWorker, draftCampaign, type sendQueues } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

/** A person reading in Apple Mail on a Mac. */
export const APPLE_MAIL = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)";
/** A person clicking in a desktop browser. */
export const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Sends a draft campaign to the end, through the outbox, as the worker would: start, then every chunk. */
export async function sendWholeCampaign(
  queues: ReturnType<typeof sendQueues>,
  teamId: string,
  campaignId: string,
  beforeChunks?: () => Promise<unknown>,
) {
  const db = getDb();
  await sendCampaignNow(db, { access: await ownerAccess(teamId), campaignId });
  await startCampaign(db, queues.boss, campaignId);
  await beforeChunks?.();
  const jobs = await queues.boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
    SEND_CHUNK_QUEUE,
    { data: { campaignId } },
  );
  for (const job of jobs) await sendChunk(chunkWorker(), job.data);
  return db
    .selectFrom("deliveries")
    .select(["id", "address", "contactId", "providerMessageId"])
    .where("campaignId", "=", campaignId)
    .execute();
}

/**
 * A sent email campaign whose recipients each had one fate, named by their address:
 * opened, clicked (and so opened), machine (only Apple's privacy proxy fetched the
 * pixel), bounced, unsubscribed, failed (deleted before sending) and quiet (nothing).
 * Hits come a minute after sending, as a person's would.
 */
export async function campaignWithOutcomes(queues: ReturnType<typeof sendQueues>, teamId: string) {
  const db = getDb();
  const fates = ["opened", "clicked", "machine", "bounced", "unsubscribed", "failed", "quiet"];
  const ids = await addContacts(
    teamId,
    fates.map((fate) => ({ email: `${fate}@murmur.test`, name: fate })),
  );
  const campaign = await draftCampaign(teamId, {
    subject: "News",
    content: '<p><a href="https://example.com/pricing">Pricing</a></p>',
  });
  // The "failed" contact is deleted after the audience is resolved, before its message goes.
  const rows = await sendWholeCampaign(queues, teamId, campaign.id, () =>
    db.deleteFrom("contacts").where("id", "=", ids[fates.indexOf("failed")]!).execute(),
  );
  const delivery = (fate: string) => rows.find((row) => row.address === `${fate}@murmur.test`)!;
  const later = new Date(Date.now() + 60_000);
  const person = { ip: "203.0.113.9", at: later };
  await recordOpen(db, { ...person, deliveryId: delivery("opened").id, userAgent: APPLE_MAIL });
  await recordClick(db, {
    ...person,
    deliveryId: delivery("clicked").id,
    userAgent: BROWSER,
    linkIndex: 0,
    url: "https://example.com/pricing",
    method: "GET",
  });
  await recordOpen(db, { deliveryId: delivery("machine").id, userAgent: "Mozilla/5.0", ip: "17.58.63.12", at: later });
  await recordProviderStatus(db, {
    teamId,
    channel: "EMAIL",
    providerMessageId: delivery("bounced").providerMessageId!,
    status: "failed",
    reason: "550 5.1.1 no such user",
    at: later,
  });
  const unsubscribed = delivery("unsubscribed");
  await unsubscribeRecipient(db, {
    target: { deliveryId: unsubscribed.id, teamId, contactId: unsubscribed.contactId, channel: "EMAIL" },
    source: "link",
    at: later,
  });
  return { campaign, delivery };
}
