import { getDb } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { draftCampaign } from "../delivery/fixtures.ts";

/**
 * A message the contact already got, as the send pipeline leaves it in the ledger:
 * `sent` at `at`, or in flight or unknown since `at`. Each is its own campaign's
 * delivery (one per campaign and contact).
 */
export async function pastMessage(
  teamId: string,
  contactId: string,
  options: { at: Date; channel?: CampaignType; status?: string; campaignId?: string },
): Promise<void> {
  const sent = options.status === undefined || options.status === "sent";
  await getDb()
    .insertInto("deliveries")
    .values({
      teamId,
      campaignId:
        options.campaignId ??
        (await draftCampaign(teamId, { type: options.channel ?? "EMAIL", whatsapp: undefined })).id,
      contactId,
      channel: options.channel ?? "EMAIL",
      address: "someone@murmur.test",
      status: options.status ?? "sent",
      sentAt: sent ? options.at : null,
      updatedAt: options.at,
    })
    .execute();
}
