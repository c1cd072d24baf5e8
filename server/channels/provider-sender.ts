import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { type ChannelOperatorSettings, channelOperatorSettingsFromEnv } from "./operator-settings.ts";
import { UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { type ChannelSettings, readChannelSettings } from "./settings.ts";
import { createSmtpSender } from "./smtp-sender.ts";
import { createTwilioSender } from "./twilio-sender.ts";
import type { ChannelSender } from "./types.ts";
import { createWhatsAppSender } from "./whatsapp-sender.ts";

/**
 * The sender for a team's saved provider settings, enabled or not (test messages use
 * it before enabling). Where it connects is the operator's to decide: the provider
 * API addresses and the SMTP network policy come from `operator`, never the team.
 */
export function senderFromSettings(
  teamId: string,
  settings: ChannelSettings<CampaignType>,
  publicUrl = process.env.APP_URL,
  operator: ChannelOperatorSettings = channelOperatorSettingsFromEnv(),
): ChannelSender {
  switch (settings.channel) {
    case "EMAIL": {
      const { config, secrets } = settings as ChannelSettings<"EMAIL">;
      return createSmtpSender({ config, password: secrets.password, allowPrivateNetworks: operator.allowPrivateSmtp });
    }
    case "SMS": {
      const { config, secrets } = settings as ChannelSettings<"SMS">;
      return createTwilioSender({
        baseUrl: operator.twilioBaseUrl,
        teamId,
        config,
        authToken: secrets.authToken ?? "",
        publicUrl,
      });
    }
    case "WHATSAPP": {
      const { config, secrets } = settings as ChannelSettings<"WHATSAPP">;
      return createWhatsAppSender({
        baseUrl: operator.whatsAppBaseUrl,
        config,
        accessToken: secrets.accessToken ?? "",
      });
    }
  }
}

/**
 * The team's provider for `channel` when one is saved and enabled in Settings →
 * Channels, else null (the caller falls back to the outbox). Secrets that no
 * longer decrypt give a sender that holds every message back saying why, rather
 * than a silent switch to the outbox.
 */
export async function providerSenderFor(
  db: Database,
  teamId: string,
  channel: CampaignType,
): Promise<ChannelSender | null> {
  let settings: ChannelSettings<CampaignType> | null;
  try {
    settings = await readChannelSettings(db, { teamId, channel });
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    return unreadableSecretsSender(channel);
  }
  if (!settings?.enabled) return null;
  return senderFromSettings(teamId, settings);
}

/** How long messages wait between tries while the secrets cannot be read: a person has to act. */
export const UNREADABLE_SECRETS_RETRY_MS = 10 * 60 * 1000;

/**
 * Unreadable secrets are the server's problem (MURMUR_SECRET_KEY changed or differs
 * between containers), not the recipients': each message fails transiently and
 * waits, so re-entering the secrets lets the campaign go on instead of burning it.
 */
function unreadableSecretsSender(channel: CampaignType): ChannelSender {
  const reason = `The ${channel} provider's saved secrets cannot be read with this MURMUR_SECRET_KEY; re-enter them in Settings → Channels.`;
  return {
    channel,
    inFlightLimit: Number.POSITIVE_INFINITY,
    async send() {
      return { status: "failed", permanent: false, reason, retryAfterMs: UNREADABLE_SECRETS_RETRY_MS };
    },
    async close() {},
  };
}
