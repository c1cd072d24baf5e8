import { z } from "zod";
import type { CampaignType } from "#shared/campaigns/schemas.ts";

// The Settings → Channels forms and what they store. Shared by the pages (browser
// validation) and the domain, so this module imports nothing from the server.

export const SMTP_SECURITY = ["starttls", "tls", "none"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const WHATSAPP_DEFAULT_API_VERSION = "v23.0";

/** What is stored in clear per channel; secrets are kept apart, encrypted. */
export type SmtpConfig = {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  fromName: string | null;
  fromAddress: string;
};
export type TwilioConfig = {
  accountSid: string;
  fromNumber: string | null;
  messagingServiceSid: string | null;
};
export type WhatsAppConfig = {
  phoneNumberId: string;
  apiVersion: string;
};
export type ChannelConfig = { EMAIL: SmtpConfig; SMS: TwilioConfig; WHATSAPP: WhatsAppConfig };

export type ChannelSecrets = {
  EMAIL: { password?: string };
  SMS: { authToken?: string };
  WHATSAPP: { accessToken?: string; appSecret?: string; verifyToken?: string };
};
export type SecretName<C extends CampaignType> = keyof ChannelSecrets[C] & string;

/** Each channel's secrets, in the order the form shows them. */
export const SECRET_NAMES = {
  EMAIL: ["password"],
  SMS: ["authToken"],
  WHATSAPP: ["accessToken", "appSecret", "verifyToken"],
} as const satisfies { [C in CampaignType]: readonly SecretName<C>[] };

/** Secrets without which the provider cannot send at all. */
export const REQUIRED_SECRETS: { [C in CampaignType]: readonly SecretName<C>[] } = {
  EMAIL: [],
  SMS: ["authToken"],
  WHATSAPP: ["accessToken"],
};

export const SECRET_LABELS: Record<string, string> = {
  password: "Password",
  authToken: "Auth token",
  accessToken: "Access token",
  appSecret: "App secret",
  verifyToken: "Verify token",
};

const E164 = /^\+[1-9]\d{6,14}$/;
const phoneMessage = "Enter the number in international format, such as +14155550123";

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** A secret field: blank keeps the saved value. */
const secret = (label: string) => z.string().max(1000, `${label} must be at most 1000 characters`).optional();

/**
 * Where a provider's API is belongs to the operator (TWILIO_BASE_URL,
 * WHATSAPP_BASE_URL). A client that still sends an address is told so rather than
 * left to believe it took effect; the form names no such field.
 */
const refuseApiBaseUrl = (variable: string) => (value: { apiBaseUrl?: unknown }, ctx: z.RefinementCtx) => {
  if (value.apiBaseUrl !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `The provider's API address is set by the server's operator (${variable}), not per team.`,
    });
  }
};

const checkbox = z.boolean().optional();

const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email("Enter a valid email address"));

export const SmtpSettingsSchema = z.object({
  enabled: checkbox,
  host: requiredText("Host", 253).regex(/^[A-Za-z0-9.:[\]-]+$/, "Enter a host name such as smtp.example.com"),
  port: z
    .number({ error: "Port must be a number from 1 to 65535" })
    .int("Port must be a number from 1 to 65535")
    .min(1, "Port must be a number from 1 to 65535")
    .max(65535, "Port must be a number from 1 to 65535"),
  security: z.enum(SMTP_SECURITY, { error: "Choose STARTTLS, TLS or none" }),
  username: optionalText("Username", 320),
  password: secret("Password"),
  removePassword: checkbox,
  fromName: optionalText("From name", 200),
  fromAddress: email("From address"),
});
export type SmtpSettingsInput = z.infer<typeof SmtpSettingsSchema>;

export const TwilioSettingsSchema = z
  .object({
    enabled: checkbox,
    accountSid: requiredText("Account SID", 34).regex(
      /^AC[0-9a-fA-F]{32}$/,
      "The Account SID is AC followed by 32 hexadecimal characters",
    ),
    authToken: secret("Auth token"),
    fromNumber: z.string().trim().regex(E164, phoneMessage).optional(),
    messagingServiceSid: z
      .string()
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, "The Messaging Service SID is MG followed by 32 hexadecimal characters")
      .optional(),
    apiBaseUrl: z.unknown().optional(),
  })
  .refine((value) => value.fromNumber || value.messagingServiceSid, {
    path: ["fromNumber"],
    message: "Enter a From number or a Messaging Service SID",
  })
  .superRefine(refuseApiBaseUrl("TWILIO_BASE_URL"));
export type TwilioSettingsInput = z.infer<typeof TwilioSettingsSchema>;

export const WhatsAppSettingsSchema = z
  .object({
    enabled: checkbox,
    phoneNumberId: requiredText("Phone number ID", 32).regex(
      /^\d+$/,
      "The phone number ID is the number Meta shows for it, digits only",
    ),
    accessToken: secret("Access token"),
    appSecret: secret("App secret"),
    verifyToken: secret("Verify token"),
    apiVersion: z
      .string()
      .trim()
      .regex(/^v?\d{1,3}\.\d{1,2}$/, "Enter a Graph API version such as v23.0")
      .optional(),
    apiBaseUrl: z.unknown().optional(),
  })
  .superRefine(refuseApiBaseUrl("WHATSAPP_BASE_URL"));
export type WhatsAppSettingsInput = z.infer<typeof WhatsAppSettingsSchema>;

/**
 * The Settings → Channels save form of any channel: its hidden `channel` field says
 * which provider's fields follow, so the parsed value names its channel and the
 * domain saves it without a cast.
 */
export const ProviderSettingsFormSchema = z.discriminatedUnion("channel", [
  SmtpSettingsSchema.safeExtend({ channel: z.literal("EMAIL") }),
  TwilioSettingsSchema.safeExtend({ channel: z.literal("SMS") }),
  WhatsAppSettingsSchema.safeExtend({ channel: z.literal("WHATSAPP") }),
]);
export type ProviderSettingsForm = z.infer<typeof ProviderSettingsFormSchema>;

/** The names of `channel`'s secret fields, which a form never echoes back (from SECRET_NAMES). */
export function secretFieldsOf(channel: CampaignType): string[] {
  return [...SECRET_NAMES[channel]];
}

export const EmailTestSchema = z.object({ to: email("Send to") });
export const SmsTestSchema = z.object({
  to: z.string({ error: "Send to is required" }).trim().min(1, "Send to is required").regex(E164, phoneMessage),
});
export const WhatsAppTestSchema = SmsTestSchema.extend({
  template: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, "A template name has lower-case letters, digits and underscores")
    .default("hello_world"),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Enter a language code such as en or en_US")
    .default("en_US"),
});
