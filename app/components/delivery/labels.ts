import type { ExclusionReason } from "#server/delivery/audience.ts";

/** How each exclusion reason reads, in the Send now confirmation and on the campaign page. */
export const REASON_LABELS: Record<ExclusionReason, string> = {
  no_address: "No address for this channel",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed (bounced or complained)",
};

/**
 * A recipient's status as the list shows it: the ledger's word, except a message the team's frequency caps or quiet
 * hours held back for good, and one waiting for them (queued, with the reason as its error).
 */
export function recipientStatusLabel(row: { status: string; error: string | null }): string {
  if (row.status === "skipped") return "held back by frequency cap";
  if (row.status === "queued" && row.error?.startsWith("Held back by")) return "waiting (frequency cap)";
  return row.status;
}
