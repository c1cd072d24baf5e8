import { type ClauseContext, takeTime } from "./context.ts";
import type { Draft } from "./drafts.ts";
import { quoteSpan } from "./tokens.ts";
import { PHRASES } from "./words.ts";

/*
 * When contacts arrived: "signed up this week" (when the team has no sign-up
 * event, which the event recognizer takes first), "joined since March", "new
 * in the last 7 days", "created before 2026". Without a time it says nothing,
 * so it is reported rather than read as everyone.
 */

const WORDS = new Set([
  "joined",
  "join",
  "joins",
  "created",
  "added",
  "new",
  "newer",
  "registered",
  "signup",
  "signups",
  "arrived",
  "became",
]);

export function recognizeCreated(context: ClauseContext): Draft[] {
  const { clause } = context;
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i)) continue;
    const phrase = PHRASES.find(
      ([form, c]) => c === "#signup" && clause.matchWords(i, form, { exact: true }) === form.length,
    );
    const length = phrase ? phrase[0].length : WORDS.has(clause.norm(i)) ? 1 : 0;
    if (length === 0) continue;
    clause.mark(i, i + length);
    const typed = quoteSpan(context.prompt, clause.tokens.slice(i, i + length));
    const time = takeTime(context);
    if (!time) {
      context.problems.push(`"${typed}" without a time: say when, for example "${typed} in the last 30 days"`);
      return [];
    }
    context.notes.push(`Read "${typed}" as when the contact was created.`);
    return [{ kind: "created", time, negated: false, at: i }];
  }
  return [];
}
