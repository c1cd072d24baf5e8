import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import type { ChannelSender, MessageContent, OutgoingMessage, SendOutcome } from "./types.ts";

/** What the outbox list shows for a message: the subject, the start of the text, or the template. */
export function summarize(content: MessageContent): string {
  switch (content.channel) {
    case "EMAIL":
      return content.subject || "(no subject)";
    case "SMS":
      return content.body.length > 120 ? `${content.body.slice(0, 119)}…` : content.body;
    case "WHATSAPP":
      return `Template ${content.template} (${content.language})`;
  }
}

/**
 * The built-in channel of a team with no provider configured: every message is
 * stored and shown at /dashboard/outbox as the recipient would see it, so a new
 * install can send a campaign end to end. Its message id is the outbox row's id.
 */
export function createOutboxSender(db: Database, channel: CampaignType): ChannelSender {
  return {
    channel,
    // An insert into our own database: the whole window at once.
    inFlightLimit: Number.POSITIVE_INFINITY,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const id = newId();
      try {
        await db
          .insertInto("outboxMessages")
          .values({
            id,
            teamId: message.teamId,
            campaignId: message.campaignId,
            deliveryId: message.deliveryId,
            contactId: message.contactId,
            channel: message.content.channel,
            toAddress: message.to,
            messageId: message.messageId,
            summary: summarize(message.content),
            content: JSON.stringify(message.content),
          })
          .execute();
        return { status: "sent", providerMessageId: id };
      } catch (error) {
        // The outbox is our own database: when it cannot store, try again later.
        return { status: "failed", permanent: false, reason: `Outbox unavailable: ${(error as Error).message}` };
      }
    },
    async close() {},
  };
}
