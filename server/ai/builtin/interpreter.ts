import { describeFilterNames } from "#server/ai/names.ts";
import type { FilterGroup, FilterNode } from "#shared/segments/filter/schema.ts";
import { summarizeFilter } from "#server/segments/filter/describe.ts";
import type { Choice, Interpretation, Interpreter, Vocabulary } from "#server/ai/types.ts";
import { type Clock, teamClock } from "./clock.ts";
import { buildDraft, type Draft } from "./drafts.ts";
import { interpretClause } from "./interpret-clause.ts";
import { buildLexicon, type EventEntry, type Lexicon } from "./lexicon.ts";
import { Readings } from "./readings.ts";
import { splitClauses } from "./split.ts";
import { tokenize } from "./tokens.ts";

/*
 * The built-in interpreter: no model, no network, the same answer for the same
 * prompt and vocabulary. The prompt is cut into clauses, each clause read by
 * recognizers over the team's vocabulary, and the clauses joined: "or" binds
 * looser than "and", and what comes after "who" applies to everyone named
 * before it ("pro users in France who purchased or signed up this week").
 */

type Item = { drafts: Draft[]; connector: "and" | "or" | null; clause: number };

/** At most this many other readings are offered (each one reads the prompt once more). */
const MAX_CHOICES = 6;

/**
 * The prompt read one way, with each other reading it allows offered as a
 * choice; `readings` picks among them ("count@12=1").
 */
export function interpretWithBuiltIn(
  prompt: string,
  vocabulary: Vocabulary,
  clock: Clock,
  picked: readonly string[] = [],
): Interpretation {
  const lexicon = buildLexicon(vocabulary);
  const readings = new Readings(picked);
  const first = readPrompt(prompt, vocabulary, lexicon, clock, readings);
  const names = describeFilterNames(vocabulary);
  const choices: Choice[] = [];
  for (const question of readings.asked) {
    question.options.forEach((option, k) => {
      if (k === question.chosen || choices.length >= MAX_CHOICES) return;
      const chosen = readings.with(question.id, k);
      const { filter } = readPrompt(prompt, vocabulary, lexicon, clock, new Readings(chosen));
      choices.push({
        label: `"${question.text}" as ${option}: ${summarizeFilter(filter, names).replace(/^Contacts matching: /, "")}`,
        readings: chosen,
        filter,
      });
    });
  }
  return { ...first, unsupported: [...first.unsupported, ...readings.problems()], choices };
}

function readPrompt(
  prompt: string,
  vocabulary: Vocabulary,
  lexicon: Lexicon,
  clock: Clock,
  readings: Readings,
): Interpretation {
  const { clauses, relativeAt } = splitClauses(tokenize(prompt), lexicon);
  const items: Item[] = [];
  const notes: string[] = [];
  const problems: string[] = [];
  let previousEvent: { entry: EventEntry; draft: Extract<Draft, { kind: "event" }> } | undefined;

  clauses.forEach((clause, index) => {
    // Time phrases are read on the team's wall clock: its today, its weeks.
    const last = items[items.length - 1]?.drafts.at(-1);
    const previousActions = last?.kind === "engagement" ? last.actions : undefined;
    const reading = interpretClause(clause, {
      lexicon,
      prompt,
      now: clock.wall,
      previousEvent: previousEvent?.entry,
      previousActions,
      readings,
    });
    notes.push(...reading.notes);
    problems.push(...reading.problems);
    if (previousEvent && reading.attached.length) {
      attachProperties(previousEvent.draft, reading.attached, clause.connector);
      if (reading.attachedTime && !previousEvent.draft.time) previousEvent.draft.time = reading.attachedTime;
      else if (reading.attachedTime) problems.push("two times for one event: say one");
    }
    if (reading.drafts.length === 0) return;
    if (!mergeIntoPrevious(items[items.length - 1], reading.drafts))
      items.push({ drafts: reading.drafts, connector: clause.connector, clause: index });
    const event = [...reading.drafts].reverse().find((d) => d.kind === "event");
    previousEvent = event ? { entry: lexicon.events.find((e) => e.name === event.event)!, draft: event } : undefined;
  });
  shareEngagementTargets(items);
  if (items.some((item) => item.drafts.some((d) => d.kind === "engagement" && d.sameCampaign))) {
    problems.push(`"${lastWordOf(prompt)}": which campaign? Name it, or say "any campaign"`);
  }

  const subject = items.filter((item) => relativeAt === -1 || item.clause < relativeAt);
  const predicate = items.filter((item) => relativeAt !== -1 && item.clause >= relativeAt);
  const built: FilterNode[] = [];
  for (const part of [subject, predicate]) {
    const node = joinItems(part, clock, problems);
    if (node) built.push(node);
  }
  const filter = rootOf(simplify({ type: "group", combinator: "and", conditions: built }));
  const names = describeFilterNames(vocabulary);
  const unique = (list: string[]) => [...new Set(list)];
  const summary =
    filter.conditions.length === 0 && problems.length > 0
      ? "Nothing in the prompt could be turned into a condition, so this would be all contacts."
      : summarizeFilter(filter, names);
  return { filter, explanation: [summary, ...unique(notes)].join(" "), unsupported: unique(problems) };
}

export const builtInInterpreter: Interpreter = {
  name: "built-in",
  async interpretPrompt(prompt, vocabulary, options = {}) {
    return interpretWithBuiltIn(
      prompt,
      vocabulary,
      teamClock(options.now ?? new Date(), options.timeZone),
      options.readings,
    );
  },
};

/**
 * "country in UK" followed by "or France": a clause that starts by naming more
 * values of the key just compared adds them to that comparison, and what else
 * it says applies to the same people ("Spanish or German developers"). A key
 * has one value per contact, so "UK and France" can only mean either of them.
 */
function mergeIntoPrevious(previous: Item | undefined, drafts: Draft[]): boolean {
  const [next, ...rest] = drafts;
  const last = previous?.drafts[previous.drafts.length - 1];
  if (!previous || !last || next?.kind !== "compare" || last.kind !== "compare") return false;
  if (next.op !== "eq" || last.op !== "eq" || next.time || last.time) return false;
  if (JSON.stringify(next.target) !== JSON.stringify(last.target)) return false;
  if (next.negated && !last.negated) return false;
  last.values.push(...next.values.filter((v) => !last.values.includes(v)));
  previous.drafts.push(...rest);
  return true;
}

/**
 * Property conditions for the event before: "or books" adds to its "category is shoes", "with total over 100" is one
 * more.
 */
function attachProperties(
  event: Extract<Draft, { kind: "event" }>,
  attached: Draft[],
  connector: "and" | "or" | null,
): void {
  for (const draft of attached) {
    if (draft.kind !== "compare") continue;
    const same = event.properties.find(
      (p) =>
        JSON.stringify(p.target) === JSON.stringify(draft.target) &&
        p.op === "eq" &&
        draft.op === "eq" &&
        p.negated === draft.negated,
    );
    if (same && connector === "or") same.values.push(...draft.values.filter((v) => !same.values.includes(v)));
    else event.properties.push(draft);
  }
}

/**
 * "didn't open or click the last campaign": a bare verb takes the campaign and
 * time of the verb after it, and a negation before both covers both (neither).
 */
function shareEngagementTargets(items: Item[]): void {
  for (let k = 0; k + 1 < items.length; k++) {
    const a = items[k]!.drafts[items[k]!.drafts.length - 1];
    const next = items[k + 1]!;
    const b = next.drafts[0];
    if (a?.kind !== "engagement" || b?.kind !== "engagement") continue;
    // "got the newsletter but never opened it": it is the campaign just named.
    if (b.sameCampaign) {
      b.campaignId = a.campaignId;
      b.sameCampaign = false;
      continue;
    }
    if (a.campaignId !== null || a.time) continue;
    a.campaignId = b.campaignId;
    a.time = b.time;
    if (a.negated && !b.negated) {
      b.negated = true;
      next.connector = "and";
    }
  }
}

// "and" binds tighter than "or": A and B or C is (A and B) or C.
function joinItems(items: Item[], clock: Clock, problems: string[]): FilterNode | undefined {
  const terms: FilterNode[][] = [];
  for (const item of items) {
    const nodes: FilterNode[] = [];
    for (const draft of item.drafts) {
      const built = buildDraft(draft, clock);
      if (built.problem) problems.push(built.problem);
      if (built.node) nodes.push(built.node);
    }
    if (nodes.length === 0) continue;
    if (item.connector === "or" && terms.length > 0) terms.push(nodes);
    else if (terms.length === 0) terms.push(nodes);
    else terms[terms.length - 1]!.push(...nodes);
  }
  if (terms.length === 0) return undefined;
  const ands = terms.map((nodes): FilterNode => ({ type: "group", combinator: "and", conditions: nodes }));
  return ands.length === 1 ? ands[0] : { type: "group", combinator: "or", conditions: ands };
}

/** Groups of one become their condition; a group inside a group of the same kind is merged into it. */
function simplify(node: FilterNode): FilterNode {
  if (node.type !== "group") return node;
  const conditions = node.conditions
    .map(simplify)
    .flatMap((child) =>
      child.type === "group" && (child.combinator === node.combinator || child.conditions.length === 1)
        ? child.conditions
        : [child],
    );
  return conditions.length === 1 ? conditions[0]! : { ...node, conditions };
}

function rootOf(node: FilterNode): FilterGroup {
  return node.type === "group" ? node : { type: "group", combinator: "and", conditions: [node] };
}

function lastWordOf(prompt: string): string {
  return /(\w+)\W*$/.exec(prompt)?.[1] ?? prompt;
}
