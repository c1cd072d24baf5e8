import { parseEnv } from "#server/env.ts";

/**
 * What the operator, not a team, decides about channels: where the provider APIs
 * are, and whether an SMTP server on a private network may be used. A team only
 * chooses its credentials, senders and numbers.
 */
export type ChannelOperatorSettings = {
  /** Twilio's API origin, without a trailing slash (TWILIO_BASE_URL). */
  twilioBaseUrl: string;
  /** The Graph API origin the version path hangs from, without a trailing slash (WHATSAPP_BASE_URL). */
  whatsAppBaseUrl: string;
  /** Whether SMTP hosts resolving to loopback, private or link-local addresses are allowed (ALLOW_PRIVATE_SMTP). */
  allowPrivateSmtp: boolean;
};

/** Read per sender (the environment was checked at start-up), so tests can point it at local fakes. */
export function channelOperatorSettingsFromEnv(
  source: Record<string, string | undefined> = process.env,
): ChannelOperatorSettings {
  const env = parseEnv(source);
  return {
    twilioBaseUrl: env.TWILIO_BASE_URL,
    whatsAppBaseUrl: env.WHATSAPP_BASE_URL,
    allowPrivateSmtp: env.ALLOW_PRIVATE_SMTP,
  };
}
