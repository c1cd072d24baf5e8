import type { Database } from "#db/database.ts";
import { countHits, type RateRule } from "#server/rate-limits/counters.ts";
import { hourOf, notifyTeam } from "./notify.ts";

const CHANNELS_PAGE = "/dashboard/settings/channels";

/**
 * Tells the team that a channel's saved secrets no longer decrypt (the server's
 * MURMUR_SECRET_KEY changed): nothing goes out on that channel until someone
 * re-enters them. At most once an hour per channel, however often they are read.
 */
export async function notifyUnreadableSecrets(
  db: Database,
  options: { teamId: string; channel: string; now?: Date },
): Promise<void> {
  await notifyTeam(db, {
    teamId: options.teamId,
    kind: "secrets-unreadable",
    title: `The ${options.channel} provider's saved secrets cannot be read`,
    body: "Re-enter them in Settings → Channels; until then its messages wait.",
    linkPath: CHANNELS_PAGE,
    dedupeKey: `secrets-unreadable:${options.channel}:${hourOf(options.now ?? new Date())}`,
  });
}

/**
 * "Keeps failing": this many webhook requests with a bad signature within the
 * window. One stray request is noise (anyone can post to the URL); ten in an hour
 * mean the provider's secret and Murmur's differ.
 */
export const WEBHOOK_SIGNATURE_FAILURES: RateRule = { name: "webhook-signature", limit: 10, windowSeconds: 3600 };

/**
 * Counts one webhook request of the team whose signature did not match; on the
 * failure that reaches the limit (and never again in that hour) the team is told.
 */
export async function recordWebhookSignatureFailure(
  db: Database,
  options: { teamId: string; provider: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const [counted] = await countHits(db, [{ rule: WEBHOOK_SIGNATURE_FAILURES, key: options.teamId }], { now });
  if (!counted || counted.hits < WEBHOOK_SIGNATURE_FAILURES.limit) return;
  await notifyTeam(db, {
    teamId: options.teamId,
    kind: "delivery-trouble",
    title: `${options.provider} webhook signatures keep failing`,
    body: `${counted.hits} requests this hour had a signature that does not match the saved secret. Check it in Settings → Channels.`,
    linkPath: CHANNELS_PAGE,
    dedupeKey: `webhook-signature:${hourOf(now)}`,
  });
}
