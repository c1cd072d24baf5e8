import type { ExclusionReason } from "#server/delivery/audience.ts";

/** How each exclusion reason reads, in the Send now confirmation and on the campaign page. */
export const REASON_LABELS: Record<ExclusionReason, string> = {
  no_address: "No address for this channel",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed (bounced or complained)",
};
