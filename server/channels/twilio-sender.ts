import {
  callProvider,
  failedAnswer,
  PROVIDER_REQUESTS_IN_FLIGHT,
  providerWords,
  unexpectedResponse,
} from "./provider-http.ts";
import type { TwilioConfig } from "#shared/channels/settings-schemas.ts";
import type { ChannelSender, OutgoingMessage, SendOutcome } from "./types.ts";

export type TwilioSenderOptions = {
  /** Twilio's API origin: the operator's TWILIO_BASE_URL. */
  baseUrl: string;
  teamId: string;
  config: TwilioConfig;
  authToken: string;
  /** Murmur's public address; when set, Twilio reports delivered/failed to the team's status webhook. */
  publicUrl?: string | null;
  timeoutMs?: number;
};

/** Where Twilio posts a team's message status updates. */
export function twilioStatusCallbackUrl(publicUrl: string, teamId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/webhooks/twilio/${teamId}/status`;
}

/**
 * SMS through Twilio's Messages API: one form-encoded POST per message,
 * authenticated with the account SID and auth token. HTTP 429 and 5xx (and no
 * answer in time) are transient, honouring Retry-After; other 4xx are permanent
 * with Twilio's error code and message. Any other answer (a redirect, an HTML
 * page) fails with its HTTP status only.
 */
export function createTwilioSender(options: TwilioSenderOptions): ChannelSender {
  const { config } = options;
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    channel: "SMS",
    inFlightLimit: PROVIDER_REQUESTS_IN_FLIGHT,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      if (message.content.channel !== "SMS")
        throw new Error(`The Twilio sender cannot send ${message.content.channel} messages.`);
      const form = new URLSearchParams({ To: message.to, Body: message.content.body });
      // A messaging service picks the sender itself; otherwise the configured number sends.
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      else if (config.fromNumber) form.set("From", config.fromNumber);
      if (options.publicUrl) form.set("StatusCallback", twilioStatusCallbackUrl(options.publicUrl, options.teamId));

      const answer = await callProvider(
        "Twilio",
        url,
        {
          method: "POST",
          headers: {
            Authorization: authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: form,
        },
        options.timeoutMs,
      );
      if ("reason" in answer) return answer;
      const body = (answer.body ?? {}) as { sid?: unknown; code?: unknown; message?: unknown };
      if (answer.status >= 200 && answer.status < 300 && typeof body.sid === "string") {
        return { status: "sent", providerMessageId: body.sid };
      }
      return failedAnswer(answer, twilioReason(answer.status, body));
    },
    async close() {},
  };
}

/** Twilio's error body carries a numeric code and a message; anything else is reported by its status alone. */
function twilioReason(status: number, body: { code?: unknown; message?: unknown }): string {
  if (typeof body.code !== "number" || typeof body.message !== "string") return unexpectedResponse("Twilio", status);
  return `Twilio error ${body.code}: ${providerWords(body.message)}`;
}
