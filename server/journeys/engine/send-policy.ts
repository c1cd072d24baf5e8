import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";

/** What a journey's send step does with one message now. */
export type SendDecision =
  | { action: "send" }
  /** Held back (a frequency cap, quiet hours): the run waits at the step until then and asks again. */
  | { action: "wait"; until: Date; reason: string }
  /** Not sent at all: the step counts it skipped, the ledger records the reason, the run moves on. */
  | { action: "skip"; reason: string };

/**
 * The one place a journey's message is checked against the team's frequency caps
 * and quiet hours before it enters the ledger. `overCap` is the step's choice of
 * what a held-back message does (wait for the next allowed time, or skip).
 *
 * For now every message may go: the frequency caps and quiet hours work replaces
 * this body (and may batch it; the runtime calls it once per message, inside the
 * transaction that moves the run).
 */
export async function decideSend(
  _db: Database,
  _options: { teamId: string; contactId: string; channel: CampaignType; overCap: "wait" | "skip"; now: Date },
): Promise<SendDecision> {
  return { action: "send" };
}
