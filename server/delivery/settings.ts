import type { CampaignType } from "#shared/campaigns/schemas.ts";
import type { Env } from "#server/env.ts";

/** How the send pipeline paces and protects itself; from the environment, or chosen by a test. */
export type DeliverySettings = {
  /** Messages per second per team and channel; 0 means no limit. */
  ratePerSecond: Record<CampaignType, number>;
  /** Chunk jobs one worker process runs at once. */
  concurrency: number;
  /** Deliveries a chunk job claims at once; the sender's own in-flight limit paces the handoff. */
  window: number;
  /** How long a claim on a message in flight lasts without renewal. */
  leaseSeconds: number;
  /** Attempts before a transient failure becomes final. */
  maxAttempts: number;
  /** First retry delay; it doubles with each attempt, up to maxRetryDelaySeconds. */
  retryBaseSeconds: number;
  maxRetryDelaySeconds: number;
};

export function deliverySettingsFromEnv(
  env: Pick<
    Env,
    "SEND_RATE_EMAIL" | "SEND_RATE_SMS" | "SEND_RATE_WHATSAPP" | "SEND_CONCURRENCY" | "SEND_LEASE_SECONDS"
  >,
): DeliverySettings {
  return {
    ratePerSecond: { EMAIL: env.SEND_RATE_EMAIL, SMS: env.SEND_RATE_SMS, WHATSAPP: env.SEND_RATE_WHATSAPP },
    concurrency: env.SEND_CONCURRENCY,
    window: 50,
    leaseSeconds: env.SEND_LEASE_SECONDS,
    maxAttempts: 5,
    retryBaseSeconds: 30,
    maxRetryDelaySeconds: 30 * 60,
  };
}

/** When a delivery that failed transiently for the n-th time is tried again (with ±20% jitter, so retries spread). */
export function retryDelayMs(settings: DeliverySettings, attempt: number, retryAfterMs?: number): number {
  const exponential =
    Math.min(settings.retryBaseSeconds * 2 ** Math.max(0, attempt - 1), settings.maxRetryDelaySeconds) * 1000;
  const jittered = exponential * (0.8 + Math.random() * 0.4);
  return Math.max(jittered, retryAfterMs ?? 0);
}
