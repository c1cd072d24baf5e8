import type { Database } from "#db/database.ts";
import { countHits, type RateRule } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";

// Reading a prompt costs money with a configured model and CPU with the built-in
// interpreter, plus a count over the team's contacts either way. A person
// exploring prompts by hand sends a few a minute; these leave room for that.
/** Per person, across their teams, so switching teams gives no fresh allowance. */
export const PROMPTS_PER_USER: RateRule = { name: "ai-prompt-user", limit: 30, windowSeconds: 60 };
/** Per team, so a team's many members or API keys cannot multiply its cost. */
export const PROMPTS_PER_TEAM: RateRule = { name: "ai-prompt-team", limit: 100, windowSeconds: 60 };

/**
 * Counts one prompt for the person and the team, and refuses it (RATE_LIMITED,
 * with the seconds to wait) when either is over its limit for this minute.
 * Refused prompts count too, so a client retrying in a loop stays refused.
 */
export async function requirePromptAllowance(
  db: Database,
  options: { teamId: string; userId: string; now?: Date },
): Promise<void> {
  const counted = await countHits(
    db,
    [
      { rule: PROMPTS_PER_USER, key: options.userId },
      { rule: PROMPTS_PER_TEAM, key: options.teamId },
    ],
    { now: options.now },
  );
  refuseExceeded(counted, (wait) => `Too many AI prompts. Please wait ${wait} and try again.`);
}
