import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { notifyIfBulkRejected } from "#server/notifications/provider-rejections.ts";

export type ProviderStatus = "delivered" | "read" | "failed";

export type ProviderStatusReport = {
  /**
   * The team the report is for: the one whose webhook URL it came to, whose secret
   * checked its signature. Only that team's deliveries are looked at.
   */
  teamId: string;
  channel: CampaignType;
  /** The id the provider gave the message when it was sent (Twilio SID, WhatsApp wamid, SMTP Message-ID). */
  providerMessageId: string;
  status: ProviderStatus;
  /** The provider's words for a failure, shown per recipient. */
  reason?: string;
  /** When the provider says it happened. */
  at: Date;
  /**
   * For a failure: whether the address can never receive (a hard bounce, an unknown
   * number). Defaults to true. A permanent email failure suppresses the address.
   */
  permanent?: boolean;
};

export type RecordedStatus = { deliveryId: string; campaignId: string; teamId: string };

/**
 * Applies what a provider reported later about a message it accepted, usually from
 * a webhook. Idempotent: the same report twice changes nothing more.
 *
 * - "delivered" and "read" stamp delivered_at / read_at (the first time wins). They
 *   also settle a delivery whose outcome was unknown or still being recorded: the
 *   provider has it, so it was sent.
 * - "failed" marks a sent (or unknown) delivery failed with the provider's reason;
 *   when it had been sent, it counts as bounced. A permanent email failure adds the
 *   address to the team's suppressions and marks the contact's email bounced, so no
 *   later campaign sends to it.
 *
 * Returns the delivery it applied to, or null when no delivery of the team on that
 * channel has this provider id (a webhook for a message Murmur did not send, a test
 * message, or another team's message: a signature proves which team's provider
 * account spoke, and that team can only speak for its own messages).
 */
export async function recordProviderStatus(db: Database, report: ProviderStatusReport): Promise<RecordedStatus | null> {
  return db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom("deliveries")
      .select(["id", "teamId", "campaignId", "contactId", "address", "status", "sentAt"])
      .where("teamId", "=", report.teamId)
      .where("channel", "=", report.channel)
      .where("providerMessageId", "=", report.providerMessageId)
      .forUpdate()
      .executeTakeFirst();
    if (!delivery) return null;

    const settledBefore = delivery.status === "sending" || delivery.status === "unknown";
    if (report.status === "failed") {
      // A queued delivery has no provider id yet; a failed one keeps its first reason.
      if (delivery.status === "sent" || settledBefore) {
        await trx
          .updateTable("deliveries")
          .set({
            status: "failed",
            error: report.reason ?? "The provider reported a failure.",
            failedAt: report.at,
            bouncedAt: delivery.sentAt ? report.at : null,
            updatedAt: new Date(),
          })
          .where("id", "=", delivery.id)
          .execute();
        await notifyIfBulkRejected(trx, { campaignId: delivery.campaignId });
      }
      if (report.channel === "EMAIL" && report.permanent !== false) {
        await suppressEmail(trx, {
          teamId: delivery.teamId,
          contactId: delivery.contactId,
          address: delivery.address,
          detail: report.reason,
        });
      }
    } else {
      await trx
        .updateTable("deliveries")
        .set({
          deliveredAt: sql<Date>`coalesce(delivered_at, ${report.at})`,
          ...(report.status === "read" ? { readAt: sql<Date>`coalesce(read_at, ${report.at})` } : {}),
          ...(settledBefore ? { status: "sent", sentAt: sql<Date>`coalesce(sent_at, ${report.at})`, error: null } : {}),
          updatedAt: new Date(),
        })
        .where("id", "=", delivery.id)
        .execute();
    }
    return { deliveryId: delivery.id, campaignId: delivery.campaignId, teamId: delivery.teamId };
  });
}

async function suppressEmail(
  trx: Database,
  options: { teamId: string; contactId: string; address: string; detail: string | undefined },
): Promise<void> {
  const address = options.address.toLowerCase();
  await trx
    .insertInto("suppressions")
    .values({ teamId: options.teamId, channel: "EMAIL", address, reason: "bounced", detail: options.detail ?? null })
    .onConflict((oc) => oc.columns(["teamId", "channel", "address"]).doNothing())
    .execute();
  await trx
    .updateTable("contacts")
    .set({ emailStatus: "bounced", updatedAt: new Date() })
    .where("teamId", "=", options.teamId)
    .where("id", "=", options.contactId)
    .where("emailStatus", "=", "subscribed")
    .execute();
}
