import { parseEnv } from "#server/env.ts";

export type UsageLimits = {
  contacts: number | null;
  eventsPerMonth: number | null;
  messagesPerMonth: { EMAIL: number | null; SMS: number | null; WHATSAPP: number | null };
  storageBytes: number | null;
};

/**
 * The operator's limits (MURMUR_LIMIT_*), null where none is set. Read per request
 * (the environment was checked at start-up), so tests can pass their own.
 */
export function usageLimitsFromEnv(source: Record<string, string | undefined> = process.env): UsageLimits {
  const env = parseEnv(source);
  return {
    contacts: env.MURMUR_LIMIT_CONTACTS ?? null,
    eventsPerMonth: env.MURMUR_LIMIT_EVENTS_PER_MONTH ?? null,
    messagesPerMonth: {
      EMAIL: env.MURMUR_LIMIT_EMAILS_PER_MONTH ?? null,
      SMS: env.MURMUR_LIMIT_SMS_PER_MONTH ?? null,
      WHATSAPP: env.MURMUR_LIMIT_WHATSAPP_PER_MONTH ?? null,
    },
    storageBytes: env.MURMUR_LIMIT_STORAGE_MB ? env.MURMUR_LIMIT_STORAGE_MB * 1024 * 1024 : null,
  };
}
