import type { CampaignType } from "#shared/campaigns/schemas.ts";

/**
 * The contract between the delivery engine and the channels it sends through
 * (outbox, SMTP, Twilio SMS, WhatsApp Cloud API). The engine renders one message
 * per delivery and hands it to the team's sender for the campaign's channel; the
 * sender says what the provider answered, nothing more. Retries, leases and the
 * ledger stay in the engine.
 */

/** One rendered message for one recipient. */
export type OutgoingMessage = {
  teamId: string;
  campaignId: string;
  contactId: string;
  deliveryId: string;
  /** Derived from campaign and contact, so the same delivery always carries the same id. */
  messageId: string;
  /** The address on the channel: an email address, or an E.164 phone number. */
  to: string;
  content: MessageContent;
};

export type MessageContent =
  | {
      channel: "EMAIL";
      subject: string;
      html: string;
      text: string;
      /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post. */
      headers: Record<string, string>;
    }
  | { channel: "SMS"; body: string }
  | {
      channel: "WHATSAPP";
      template: string;
      language: string;
      /** Positional body parameters ({{1}}, {{2}}, ...), already personalised. */
      bodyParameters: string[];
    };

/** What the provider answered for one message. */
export type SendOutcome =
  | { status: "sent"; providerMessageId: string | null }
  | {
      status: "failed";
      /**
       * Permanent failures are recorded; transient ones (SMTP 4xx, HTTP 429/5xx, timeouts) are retried with backoff.
       */
      permanent: boolean;
      /** The provider's own words, shown per recipient. */
      reason: string;
      /** When the provider asked for a pause (HTTP Retry-After), in milliseconds. */
      retryAfterMs?: number;
      /**
       * A hard bounce: the provider refused the recipient's address itself (it does not
       * exist), not this message. The engine records it as bounced and suppresses the
       * address, so no later campaign sends to it. Only with `permanent`.
       */
      bounced?: boolean;
    };

export interface ChannelSender {
  readonly channel: CampaignType;
  /**
   * Messages the provider really has in hand at once (an SMTP pool's connections, a
   * few HTTP requests). The engine gives the sender no more than this unanswered, so
   * a worker that dies leaves at most this many messages of unknown fate per chunk.
   */
  readonly inFlightLimit: number;
  /** Sends one message. Never throws for provider answers; throws only on programming errors. */
  send(message: OutgoingMessage): Promise<SendOutcome>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}
