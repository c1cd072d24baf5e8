import type { ChannelSender, OutgoingMessage } from "#server/channels/types.ts";
import { isReservedAddress } from "#shared/demo/reserved-addresses.ts";
import type { BudgetedRenderer } from "#server/content/budgeted-render.ts";
import type { DueDelivery, DeliveryOutcome } from "./ledger.ts";
import { type DeliverySettings, retryDelayMs } from "./settings.ts";
import type { MessageFinisher } from "./tracked-content.ts";

export type DeliveryContext = {
  campaign: { id: string; teamId: string };
  /** Makes each recipient's message on a render thread, within the render budget. */
  render: BudgetedRenderer;
  /** Adds tracking and the unsubscribe footer to an email; leaves other channels as they are. */
  finish: MessageFinisher;
  sender: ChannelSender;
  settings: DeliverySettings;
  /** The Message-ID of a delivery's message: the same on every attempt, another for every delivery. */
  messageId: (delivery: DueDelivery) => string;
  /**
   * A demo team's campaign: every address must be one that reaches no real person
   * (shared/demo/reserved-addresses.ts), whatever its contacts say and whatever sender is configured.
   */
  onlyReservedAddresses: boolean;
};

/**
 * A due delivery rendered and ready to be handed to the provider, or, when it
 * cannot be (the contact was deleted, the template does not render), the failure
 * to record in its place.
 */
export type PreparedMessage =
  { delivery: DueDelivery; message: OutgoingMessage } | { delivery: DueDelivery; failure: DeliveryOutcome };

/**
 * Renders one due delivery for its recipient. A message that cannot be made (a
 * template that fails for this contact's data, or goes over the render budget) is a
 * permanent failure with the reason: the same content would fail again.
 */
export async function prepareMessage(context: DeliveryContext, delivery: DueDelivery): Promise<PreparedMessage> {
  if (!delivery.contact)
    return {
      delivery,
      failure: { id: delivery.id, status: "failed", error: "The contact was deleted before the message was sent." },
    };
  if (context.onlyReservedAddresses && !isReservedAddress(context.sender.channel, delivery.address))
    return {
      delivery,
      failure: {
        id: delivery.id,
        status: "failed",
        error: `Demo teams send only to reserved example addresses; ${delivery.address} is not one.`,
      },
    };
  try {
    const message: OutgoingMessage = {
      teamId: context.campaign.teamId,
      campaignId: context.campaign.id,
      contactId: delivery.contactId,
      deliveryId: delivery.id,
      messageId: context.messageId(delivery),
      to: delivery.address,
      content: context.finish(await context.render(delivery.contact), {
        deliveryId: delivery.id,
        contactId: delivery.contactId,
      }),
    };
    return { delivery, message };
  } catch (error) {
    return {
      delivery,
      failure: {
        id: delivery.id,
        status: "failed",
        error: `The message could not be personalised: ${(error as Error).message}`,
      },
    };
  }
}

/**
 * Hands one prepared message to the provider and says what to record (a message
 * that could not be prepared records its failure). A provider's permanent refusal
 * is final; a transient one (or a sender that threw) is retried with backoff until
 * the attempts run out.
 */
export async function sendPrepared(context: DeliveryContext, prepared: PreparedMessage): Promise<DeliveryOutcome> {
  if ("failure" in prepared) return prepared.failure;
  const { delivery, message } = prepared;
  let outcome;
  try {
    outcome = await context.sender.send(message);
  } catch (error) {
    outcome = { status: "failed" as const, permanent: false, reason: (error as Error).message || String(error) };
  }
  if (outcome.status === "sent")
    return { id: delivery.id, status: "sent", providerMessageId: outcome.providerMessageId };
  if (outcome.permanent)
    return { id: delivery.id, status: "failed", error: outcome.reason, ...(outcome.bounced ? { bounced: true } : {}) };
  if (delivery.attempts >= context.settings.maxAttempts) {
    return {
      id: delivery.id,
      status: "failed",
      error: `${outcome.reason} (gave up after ${delivery.attempts} attempts)`,
    };
  }
  const delay = retryDelayMs(context.settings, delivery.attempts, outcome.retryAfterMs);
  return { id: delivery.id, status: "queued", error: outcome.reason, nextAttemptAt: new Date(Date.now() + delay) };
}
