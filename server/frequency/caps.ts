import { type CapRule, windowHours } from "#shared/frequency/schemas.ts";

const HOUR_MS = 3600_000;

/** The rule a contact is over, and when it lets the next message go. */
export type CapHold = { rule: CapRule; until: Date };

/**
 * Whether the contact's recent messages on a channel (`sentTimes`, newest first, at least
 * as many as the largest limit where there are that many) leave room for one more at
 * `now` under every rule. Over a rule, the next message may go once the `limit`-th newest
 * message leaves that rule's window; over several, the latest of those moments.
 * Returns null when every rule has room.
 */
export function capHold(rules: CapRule[], sentTimes: Date[], now: Date): CapHold | null {
  let hold: CapHold | null = null;
  for (const rule of rules) {
    const windowMs = windowHours(rule) * HOUR_MS;
    const since = now.getTime() - windowMs;
    const inWindow = sentTimes.filter((time) => time.getTime() > since);
    if (inWindow.length < rule.limit) continue;
    const until = new Date(inWindow[rule.limit - 1]!.getTime() + windowMs);
    if (!hold || until > hold.until) hold = { rule, until };
  }
  return hold;
}

const CHANNEL_WORDS = {
  EMAIL: ["email", "emails"],
  SMS: ["SMS", "SMS"],
  WHATSAPP: ["WhatsApp message", "WhatsApp messages"],
};

/** "at most 3 emails per 7 days": a rule in the words the Settings page and the ledger use. */
export function describeRule(rule: CapRule): string {
  const [one, many] = CHANNEL_WORDS[rule.channel];
  const window = rule.window === 1 ? rule.unit.slice(0, -1) : `${rule.window} ${rule.unit}`;
  return `at most ${rule.limit} ${rule.limit === 1 ? one : many} per ${window}`;
}
