import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { ownerAccess } from "../team-access.ts";

// A campaign as the delivery engine leaves it: SENT, with one ledger row per
// recipient. Written straight into the tables so these tests need no sending.

export type SeededRecipient = { contactId: string; deliveryId: string; address: string };

export type DeliveryOutcome = "sent" | "failed" | "bounced" | "delivered" | "queued" | "unknown";

export async function createSentCampaign(
  teamId: string,
  options: {
    name?: string;
    type?: CampaignType;
    recipients?: number;
    outcomes?: DeliveryOutcome[];
    sentAt?: Date;
  } = {},
): Promise<{ campaignId: string; recipients: SeededRecipient[] }> {
  const db = getDb();
  const type = options.type ?? "EMAIL";
  const sentAt = options.sentAt ?? new Date(Date.now() - 3600_000);
  const outcomes = options.outcomes ?? Array.from({ length: options.recipients ?? 1 }, () => "sent" as const);
  const campaign = await createCampaign(db, {
    access: await ownerAccess(teamId),
    input: { name: options.name ?? "Spring launch", type, subject: "Hello", content: "<p>Hi</p>", segmentIds: [] },
  });
  await db
    .updateTable("campaigns")
    .set({ state: "SENT", startedAt: sentAt, sentAt })
    .where("id", "=", campaign.id)
    .execute();

  const recipients = outcomes.map((_, i) => {
    const contactId = newId();
    const address =
      type === "EMAIL"
        ? `reader-${contactId}@example.com`
        : `+1555${String(1000000 + Math.floor(Math.random() * 8999999)).slice(0, 7)}`;
    return { contactId, deliveryId: newId(), address, index: i };
  });
  if (recipients.length === 0) return { campaignId: campaign.id, recipients: [] };
  await db
    .insertInto("contacts")
    .values(
      recipients.map((r) => ({
        id: r.contactId,
        teamId,
        name: `Reader ${r.index}`,
        email: type === "EMAIL" ? r.address : null,
        phone: type === "EMAIL" ? null : r.address,
      })),
    )
    .execute();
  await db
    .insertInto("deliveries")
    .values(
      recipients.map((r) => {
        const outcome = outcomes[r.index]!;
        const wasSent = outcome === "sent" || outcome === "bounced" || outcome === "delivered";
        return {
          id: r.deliveryId,
          teamId,
          campaignId: campaign.id,
          contactId: r.contactId,
          channel: type,
          address: r.address,
          status: outcome === "delivered" ? "sent" : outcome === "bounced" ? "failed" : outcome,
          sentAt: wasSent ? sentAt : null,
          deliveredAt: outcome === "delivered" ? sentAt : null,
          bouncedAt: outcome === "bounced" ? sentAt : null,
          failedAt: outcome === "failed" || outcome === "bounced" ? sentAt : null,
          error: outcome === "failed" ? "550 No such user" : null,
        };
      }),
    )
    .execute();
  return {
    campaignId: campaign.id,
    recipients: recipients.map(({ contactId, deliveryId, address }) => ({ contactId, deliveryId, address })),
  };
}
