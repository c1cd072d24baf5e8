import type { Clause } from "./clause.ts";
import type { FoundCount } from "./counts.ts";
import type { Draft } from "./drafts.ts";
import type { EventEntry, Lexicon, ValueForm } from "./lexicon.ts";
import type { Readings } from "./readings.ts";
import type { FoundTime } from "./time.ts";

/** What every recognizer of one clause shares. */
export type ClauseContext = {
  clause: Clause;
  lexicon: Lexicon;
  prompt: string;
  now: Date;
  /** The clause's time expression, until a recognizer takes it. */
  time?: FoundTime;
  timeTaken: boolean;
  /** The clause's count, until an event takes it. */
  count?: FoundCount;
  countTaken: boolean;
  /** How a word was read, said in the explanation ("purchased" as the event "Order Completed"). */
  notes: string[];
  /** What was recognized but cannot be expressed, in plain words. */
  problems: string[];
  /** The event of the clause before, when this clause may only add to it ("with total over 100"). */
  previousEvent?: EventEntry;
  /** The engagement verb of the clause before ("received X but not Y": Y is received too). */
  previousActions?: ("received" | "opened" | "clicked")[];
  /** Where the prompt can be read two ways: which way, and the record of asking. */
  readings: Readings;
};

export type Recognizer = (context: ClauseContext) => Draft[];

/** Takes the clause's time for a condition that happens at a time. */
export function takeTime(context: ClauseContext) {
  if (!context.time || context.timeTaken) return undefined;
  context.timeTaken = true;
  return context.time.spec;
}

/** The longest of the forms (word lists) at token i; its length in tokens, or 0. */
export function formAt(
  clause: Clause,
  i: number,
  forms: readonly (readonly string[])[],
  options: { exact?: boolean } = {},
): number {
  let best = 0;
  for (const form of forms) {
    const length = clause.matchWords(i, form, options);
    if (length > best) best = length;
  }
  return best;
}

/** A value's form at token i, its two-letter aliases only in capitals ("US"); the length, or 0. */
export function valueAt(clause: Clause, i: number, value: ValueForm): number {
  const token = clause.tokens[i];
  if (token && clause.isFree(i) && value.capitals.includes(token.raw)) return 1;
  // Short values ("pro", "UK") are matched exactly or by stem only; sameWord already refuses typos under five letters.
  return formAt(clause, i, value.forms);
}
