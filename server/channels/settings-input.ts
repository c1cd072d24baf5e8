import type { ChannelSettingsChange } from "./settings.ts";
import {
  type SmtpSettingsInput,
  type TwilioSettingsInput,
  WHATSAPP_DEFAULT_API_VERSION,
  type WhatsAppSettingsInput,
} from "#shared/channels/settings-schemas.ts";

// From a validated Settings → Channels form to what is saved: plain settings with
// their defaults filled in, and the secrets the user typed (blank ones are kept).

type Change<C extends "EMAIL" | "SMS" | "WHATSAPP"> = Omit<ChannelSettingsChange<C>, "teamId" | "channel">;

export function smtpChange(input: SmtpSettingsInput): Change<"EMAIL"> {
  return {
    enabled: input.enabled ?? false,
    config: {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.username ?? null,
      fromName: input.fromName ?? null,
      fromAddress: input.fromAddress,
    },
    secrets: { password: input.password },
    removeSecrets: input.removePassword && !input.password ? ["password"] : [],
  };
}

export function twilioChange(input: TwilioSettingsInput): Change<"SMS"> {
  return {
    enabled: input.enabled ?? false,
    config: {
      accountSid: input.accountSid,
      fromNumber: input.fromNumber ?? null,
      messagingServiceSid: input.messagingServiceSid ?? null,
    },
    secrets: { authToken: input.authToken?.trim() },
  };
}

export function whatsAppChange(input: WhatsAppSettingsInput): Change<"WHATSAPP"> {
  const version = input.apiVersion ?? WHATSAPP_DEFAULT_API_VERSION;
  return {
    enabled: input.enabled ?? false,
    config: {
      phoneNumberId: input.phoneNumberId,
      apiVersion: version.startsWith("v") ? version : `v${version}`,
    },
    secrets: {
      accessToken: input.accessToken?.trim(),
      appSecret: input.appSecret?.trim(),
      verifyToken: input.verifyToken?.trim(),
    },
  };
}
