import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { SmtpSettingsSchema, TwilioSettingsSchema, WhatsAppSettingsSchema } from "#shared/channels/settings-schemas.ts";

/** One input of a provider form. Which ones are secrets is SECRET_NAMES's to say (settings-schemas.ts). */
export type ProviderField = {
  name: string;
  label: string;
  type?: "text" | "number" | "email" | "security";
  hint?: string;
  placeholder?: string;
};

export const PROVIDER_SCHEMAS = {
  EMAIL: SmtpSettingsSchema,
  SMS: TwilioSettingsSchema,
  WHATSAPP: WhatsAppSettingsSchema,
} as const;

export const PROVIDER_NAMES: Record<CampaignType, string> = {
  EMAIL: "Email (SMTP)",
  SMS: "SMS (Twilio)",
  WHATSAPP: "WhatsApp (Cloud API)",
};

export const PROVIDER_FIELDS: Record<CampaignType, ProviderField[]> = {
  EMAIL: [
    { name: "host", label: "Host", placeholder: "smtp.example.com" },
    { name: "port", label: "Port", type: "number", placeholder: "587" },
    { name: "security", label: "TLS", type: "security" },
    { name: "username", label: "Username" },
    { name: "password", label: "Password" },
    { name: "fromName", label: "From name", placeholder: "Acme News" },
    { name: "fromAddress", label: "From address", type: "email", placeholder: "news@example.com" },
  ],
  SMS: [
    { name: "accountSid", label: "Account SID", placeholder: "AC…" },
    { name: "authToken", label: "Auth token" },
    {
      name: "fromNumber",
      label: "From number",
      placeholder: "+14155550100",
      hint: "Or a Messaging Service SID below.",
    },
    { name: "messagingServiceSid", label: "Messaging Service SID", placeholder: "MG…" },
  ],
  WHATSAPP: [
    { name: "phoneNumberId", label: "Phone number ID" },
    { name: "accessToken", label: "Access token" },
    { name: "appSecret", label: "App secret", hint: "Checks the signature of Meta's webhooks." },
    { name: "verifyToken", label: "Verify token", hint: "Any string; enter the same one in Meta's webhook setup." },
    { name: "apiVersion", label: "Graph API version", placeholder: "v23.0" },
  ],
};
