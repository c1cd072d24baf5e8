import {
  callProvider,
  failedAnswer,
  PROVIDER_REQUESTS_IN_FLIGHT,
  providerWords,
  unexpectedResponse,
} from "./provider-http.ts";
import type { WhatsAppConfig } from "#shared/channels/settings-schemas.ts";
import type { ChannelSender, OutgoingMessage, SendOutcome } from "./types.ts";

export type WhatsAppSenderOptions = {
  /** The Graph API origin: the operator's WHATSAPP_BASE_URL. */
  baseUrl: string;
  config: WhatsAppConfig;
  accessToken: string;
  timeoutMs?: number;
};

/**
 * Graph API error codes that mean "try later" although the HTTP status is 400:
 * unknown or unavailable service (1, 2, 131000, 131016, 133004) and throughput
 * limits (4, 80007, 130429, 131056).
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

type GraphError = { message?: unknown; code?: unknown; error_data?: { details?: unknown } };

/**
 * WhatsApp through Meta's WhatsApp Cloud API: one template message per POST to
 * the phone number's /messages edge, with the campaign's template, language and
 * personalised body parameters. HTTP 429/5xx, throughput and "unavailable" codes
 * are transient; other errors are permanent with Meta's code and words.
 */
export function createWhatsAppSender(options: WhatsAppSenderOptions): ChannelSender {
  const { config } = options;
  const url = `${options.baseUrl}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: "WHATSAPP",
    inFlightLimit: PROVIDER_REQUESTS_IN_FLIGHT,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const { content } = message;
      if (content.channel !== "WHATSAPP")
        throw new Error(`The WhatsApp sender cannot send ${content.channel} messages.`);
      const template: Record<string, unknown> = { name: content.template, language: { code: content.language } };
      if (content.bodyParameters.length) {
        template.components = [
          { type: "body", parameters: content.bodyParameters.map((text) => ({ type: "text", text })) },
        ];
      }
      const answer = await callProvider(
        "WhatsApp",
        url,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${options.accessToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            // The Cloud API takes the number as digits, without the leading +.
            to: message.to.replace(/^\+/, ""),
            type: "template",
            template,
          }),
        },
        options.timeoutMs,
      );
      if ("reason" in answer) return answer;
      const body = (answer.body ?? {}) as { messages?: { id?: unknown }[]; error?: GraphError };
      const id = body.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === "string")
        return { status: "sent", providerMessageId: id };

      const code = body.error?.code;
      return failedAnswer(
        answer,
        whatsAppReason(answer.status, body.error),
        typeof code === "number" && TRANSIENT_CODES.has(code),
      );
    },
    async close() {},
  };
}

/** A Graph API error has a numeric code; anything else (a redirect, an HTML page) is reported by its status alone. */
function whatsAppReason(status: number, error: GraphError | undefined): string {
  if (typeof error?.code !== "number") return unexpectedResponse("WhatsApp", status);
  const text = typeof error.message === "string" ? `: ${error.message}` : "";
  const details = typeof error.error_data?.details === "string" ? ` (${error.error_data.details})` : "";
  return providerWords(`WhatsApp error ${error.code}${text}${details}`);
}
