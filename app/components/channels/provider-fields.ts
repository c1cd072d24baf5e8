import type { CampaignType } from "../../../shared/campaigns/schemas.ts";
import { SmtpSettingsSchema, TwilioSettingsSchema, WhatsAppSettingsSchema } from "../../../shared/channels/settings-schemas.ts";

/** One input of a provider form; secrets are never filled in, their masked value is shown beside. */
export type ProviderField = {
  name: string;
  label: string;
  type?: "text" | "number" | "email" | "security";
  secret?: boolean;
  hint?: string;
  placeholder?: string;
};

export const PROVIDER_SCHEMAS = { EMAIL: SmtpSettingsSchema, SMS: TwilioSettingsSchema, WHATSAPP: WhatsAppSettingsSchema } as const;

export const PROVIDER_NAMES: Record<CampaignType, string> = { EMAIL: "Email (SMTP)", SMS: "SMS (Twilio)", WHATSAPP: "WhatsApp (Cloud API)" };

export const PROVIDER_FIELDS: Record<CampaignType, ProviderField[]> = {
  EMAIL: [
    { name: "host", label: "Host", placeholder: "smtp.example.com" },
    { name: "port", label: "Port", type: "number", placeholder: "587" },
    { name: "security", label: "TLS", type: "security" },
    { name: "username", label: "Username" },
    { name: "password", label: "Password", secret: true },
    { name: "fromName", label: "From name", placeholder: "Acme News" },
    { name: "fromAddress", label: "From address", type: "email", placeholder: "news@example.com" },
  ],
  SMS: [
    { name: "accountSid", label: "Account SID", placeholder: "AC…" },
    { name: "authToken", label: "Auth token", secret: true },
    { name: "fromNumber", label: "From number", placeholder: "+14155550100", hint: "Or a Messaging Service SID below." },
    { name: "messagingServiceSid", label: "Messaging Service SID", placeholder: "MG…" },
  ],
  WHATSAPP: [
    { name: "phoneNumberId", label: "Phone number ID" },
    { name: "accessToken", label: "Access token", secret: true },
    { name: "appSecret", label: "App secret", secret: true, hint: "Checks the signature of Meta's webhooks." },
    { name: "verifyToken", label: "Verify token", secret: true, hint: "Any string; enter the same one in Meta's webhook setup." },
    { name: "apiVersion", label: "Graph API version", placeholder: "v23.0" },
  ],
};
