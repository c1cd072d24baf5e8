import { randomUUID } from "node:crypto";
import type { MessageContent, OutgoingMessage } from "#server/channels/types.ts";

/** One rendered message as the delivery engine hands it to a sender. */
export function outgoing(
  to: string,
  content: MessageContent,
  messageId = `${randomUUID()}@murmur.test`,
): OutgoingMessage {
  return {
    teamId: randomUUID(),
    campaignId: randomUUID(),
    contactId: randomUUID(),
    deliveryId: randomUUID(),
    messageId,
    to,
    content,
  };
}
