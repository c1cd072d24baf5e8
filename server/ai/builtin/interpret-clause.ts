import type { Clause } from "./clause.ts";
import { type ClauseContext, takeTime } from "./context.ts";
import { findCount } from "./counts.ts";
import type { CompareDraft, Draft } from "./drafts.ts";
import type { EventEntry, Lexicon } from "./lexicon.ts";
import { recognizeActivity, recognizeNewcomers } from "./recognize-activity.ts";
import { recognizeChannels } from "./recognize-channels.ts";
import { recognizeCreated } from "./recognize-created.ts";
import { recognizeEngagement } from "./recognize-engagement.ts";
import { recognizeEvents } from "./recognize-event.ts";
import { recognizeSegments } from "./recognize-segment.ts";
import { recognizeValues } from "./recognize-values.ts";
import type { Readings } from "./readings.ts";
import { type FoundTime, findTime, type TimeSpec } from "./time.ts";
import { quoteSpan } from "./tokens.ts";
import { NEGATION_WORDS } from "./words.ts";

export type ClauseReading = {
  drafts: Draft[];
  /** Property conditions for the previous clause's event ("... with total over 100", "... or books"). */
  attached: CompareDraft[];
  /** The time said after those ("... or books in the last 3 months"), for that event. */
  attachedTime?: TimeSpec;
  notes: string[];
  problems: string[];
};

const ATTACHING = new Set(["with", "where", "whose", "that", "which"]);

/**
 * What one clause says. Recognizers run from the most specific (channels,
 * campaigns, segments, events) to the most general (any known value), each
 * taking the words it understood; negation then goes to the condition it
 * stands before; whatever is left is reported.
 */
export function interpretClause(
  clause: Clause,
  shared: {
    lexicon: Lexicon;
    prompt: string;
    now: Date;
    previousEvent?: EventEntry;
    previousActions?: ("received" | "opened" | "clicked")[];
    readings: Readings;
  },
): ClauseReading {
  const context: ClauseContext = { clause, ...shared, timeTaken: false, countTaken: false, notes: [], problems: [] };
  const time = findTime(clause, shared.prompt, shared.now);
  if (time && "vague" in time) context.problems.push(`"${time.text}": say when, for example "in the last 30 days"`);
  else context.time = time && calendarOrRolling(time, clause, shared.readings);
  const count = findCount(clause, shared.prompt);
  if (count && "vague" in count)
    context.problems.push(`"${count.text}": say how many times, for example "at least 3 times"`);
  else context.count = count;

  // "... with total over 100" adds to the event before; so does "... or books" when that is all the clause says.
  let attached: CompareDraft[] = [];
  if (shared.previousEvent && clause.splitWord) {
    const trial = clause.clone();
    const found = recognizeValues(
      { ...context, clause: trial },
      { keys: shared.previousEvent.properties, target: (key) => ({ type: "property", key }), fields: false },
    );
    if (found.length && (ATTACHING.has(clause.splitWord) || (clause.connector === "or" && !trial.hasLeftovers()))) {
      clause.adopt(trial);
      attached = found;
    }
  }
  const attachedTime = attached.length ? takeTime(context) : undefined;

  const drafts = [
    ...recognizeChannels(context),
    ...recognizeNewcomers(context),
    ...recognizeEngagement(context),
    ...recognizeSegments(context),
    ...recognizeEvents(context),
    ...recognizeCreated(context),
    ...recognizeActivity(context),
    ...recognizeValues(context, {
      keys: shared.lexicon.attributes,
      target: (key) => ({ type: "attribute", key }),
      fields: true,
    }),
  ];
  applyNegation(clause, drafts);

  const said = (from: number, to: number) => quoteSpan(shared.prompt, clause.tokens.slice(from, to));
  if (context.time && !context.timeTaken) {
    context.problems.push(
      `"${context.time.text}": nothing in "${said(0, clause.length)}" happens at a time; say what did`,
    );
  }
  if (context.count && !context.countTaken) {
    context.problems.push(
      `"${context.count.text}": only events can be counted; say which event, for example "purchased ${context.count.text}"`,
    );
  }
  for (const run of clause.leftovers()) {
    context.problems.push(
      `"${quoteSpan(shared.prompt, run)}": not understood; use the names of this team's attributes, values, events, campaigns or segments`,
    );
  }
  return { drafts, attached, attachedTime, notes: context.notes, problems: context.problems };
}

// "last month" is the calendar month before this one, or the last 30 days: both are said.
function calendarOrRolling(time: FoundTime, clause: Clause, readings: Readings): FoundTime {
  const unit = /^(?:last|past|previous)\s+(week|month)$/.exec(time.text)?.[1];
  if (!unit || time.spec.type !== "range") return time;
  const days = unit === "week" ? 7 : 30;
  const k = readings.choose(`time@${clause.tokens[time.from]!.start}`, time.text, [
    `the calendar ${unit} before this one`,
    `the last ${days} days`,
  ]);
  return k === 1 ? { ...time, spec: { type: "last_days", days } } : time;
}

// Each negation word ("not", "never", "without", "no") negates the condition
// just after it, or the one before it when nothing follows ("pro but not").
function applyNegation(clause: Clause, drafts: Draft[]): void {
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i) || !NEGATION_WORDS.has(clause.norm(i))) continue;
    const after = drafts.filter((d) => d.at > i).sort((a, b) => a.at - b.at)[0];
    const before = drafts.filter((d) => d.at < i).sort((a, b) => b.at - a.at)[0];
    const target = after ?? before;
    if (!target) continue;
    target.negated = !target.negated;
    clause.mark(i, i + 1);
  }
}
