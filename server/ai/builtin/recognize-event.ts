import type { Clause } from "./clause.ts";
import { type ClauseContext, takeTime, valueAt } from "./context.ts";
import { countBefore } from "./counts.ts";
import type { CompareDraft, Draft } from "./drafts.ts";
import type { EventEntry, KeyEntry, Lexicon } from "./lexicon.ts";
import { recognizeValues } from "./recognize-values.ts";
import { quoteSpan } from "./tokens.ts";
import { concept, FILLERS, PHRASES, sameWord, TEXT_EDGE_WORDS, wordsOf } from "./words.ts";

/*
 * Events: the clause's words against each event name's concepts, weighted so
 * that what happened ("order", "purchase") counts more than "completed". An
 * event is taken when the words cover at least MIN_SCORE of its name; when two
 * events fit equally well, the clause says so instead of picking one.
 */

const MIN_SCORE = 0.6;

export type EventMatch = { entry: EventEntry; score: number; weight: number; tokens: number[] };

/** The events the clause's free words could name, best first. */
export function matchEvents(clause: Clause, lexicon: Lexicon): EventMatch[] {
  const words = clauseConcepts(clause);
  const matches: EventMatch[] = [];
  for (const entry of lexicon.events) {
    const quoted = words.find((w) => w.quoted && wordsOf(w.text).join(" ") === wordsOf(entry.name).join(" "));
    if (quoted) {
      matches.push({ entry, score: 2, weight: entry.weight, tokens: quoted.tokens });
      continue;
    }
    const nameWords = wordsOf(entry.name);
    const found = new Map<string, number[]>();
    for (const word of words) {
      if (word.quoted) continue;
      const hit = [...entry.concepts.keys()].find(
        (c) =>
          c === word.concept ||
          nameWords.some((n) => concept(n) === c && word.tokens.length === 1 && sameWord(word.text, n)),
      );
      if (hit && !found.has(hit)) found.set(hit, word.tokens);
    }
    const weight = [...found.keys()].reduce((sum, c) => sum + (entry.concepts.get(c) ?? 0), 0);
    // A name matched by its generic words alone ("completed") names nothing in particular.
    if (![...found.keys()].some((c) => (entry.concepts.get(c) ?? 0) >= 1)) continue;
    // A known verb that only this event has ("cancelled" and "Subscription Cancelled") is enough on its own.
    const ownVerb = [...found.keys()].some(
      (c) => entry.verbs.has(c) && lexicon.events.filter((e) => e.concepts.has(c)).length === 1,
    );
    matches.push({
      entry,
      score: Math.max(weight / entry.weight, ownVerb ? MIN_SCORE : 0),
      weight,
      tokens: [...found.values()].flat(),
    });
  }
  return matches.filter((m) => m.score >= MIN_SCORE).sort((a, b) => b.score - a.score || b.weight - a.weight);
}

const TEXT_COMPARATORS = new Set(TEXT_EDGE_WORDS);

type ClauseWord = { text: string; concept: string; tokens: number[]; quoted: boolean };

// The clause's free words as concepts, multi-word phrases ("signed up") as one.
function clauseConcepts(clause: Clause): ClauseWord[] {
  const words: ClauseWord[] = [];
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i)) continue;
    const token = clause.tokens[i]!;
    if (token.kind === "quoted") {
      words.push({ text: token.raw, concept: "", tokens: [i], quoted: true });
      continue;
    }
    if (token.kind !== "word") continue;
    const phrase = PHRASES.find(([form]) => clause.matchWords(i, form, { exact: true }) === form.length);
    if (phrase) {
      const tokens = phrase[0].map((_, k) => i + k);
      words.push({ text: phrase[0].join(" "), concept: phrase[1], tokens, quoted: false });
      i += phrase[0].length - 1;
      continue;
    }
    if (FILLERS.has(token.norm)) continue;
    // "starting with A", "ending in .edu" compare text; they name no event that "started".
    if (TEXT_COMPARATORS.has(token.norm) && ["with", "in"].includes(clause.norm(i + 1))) continue;
    words.push({ text: token.norm, concept: concept(token.norm), tokens: [i], quoted: false });
  }
  return words;
}

/** Event conditions in the clause, with their count, time and property conditions. */
export function recognizeEvents(context: ClauseContext): Draft[] {
  const { clause, lexicon } = context;
  const drafts: Draft[] = [];
  for (let round = 0; round < 3; round++) {
    const [top, second] = matchEvents(clause, lexicon);
    let best = top;
    if (!best) break;
    for (const i of best.tokens) clause.mark(i, i + 1);
    const typed = [...best.tokens]
      .sort((a, b) => a - b)
      .map((i) => clause.tokens[i]!.raw)
      .join(" ");
    if (second && second.score === best.score && second.weight === best.weight) {
      // Two events fit as well: no condition until the marketer picks one (each is offered).
      const k = context.readings.choose(`event@${clause.tokens[Math.min(...best.tokens)]!.start}`, typed, [
        "either of two events (no condition yet)",
        `the event "${best.entry.name}"`,
        `the event "${second.entry.name}"`,
      ]);
      if (k === 0) continue;
      if (k === 2) best = second;
    }
    const first = Math.min(...best.tokens);
    let count = !context.countTaken ? context.count : undefined;
    if (count) context.countTaken = true;
    // A number before any word of the event is a count of it: "completed 2 orders", "3+ workouts".
    else for (const at of [...best.tokens].sort((a, b) => a - b)) count ??= countBefore(clause, at);
    markLightVerb(clause, first);
    if (count?.assumed && count.count.frequency === "at_least") {
      // "2 orders": at least two, or exactly two? Read as at least, and both offered.
      const n = count.count.times;
      const k = context.readings.choose(`count@${clause.tokens[count.from]!.start}`, count.text, [
        `at least ${n} ${n === 1 ? "time" : "times"}`,
        `exactly ${n} ${n === 1 ? "time" : "times"}`,
      ]);
      if (k === 1) count = { ...count, count: { frequency: "exactly", times: n } };
    }
    if (wordsOf(typed).join(" ") !== wordsOf(best.entry.name).join(" "))
      context.notes.push(`Read "${typed}" as the event "${best.entry.name}".`);
    const time = takeTime(context);
    const properties = recognizeProperties(context, best.entry);
    drafts.push({
      kind: "event",
      event: best.entry.name,
      count: count?.count,
      time,
      properties,
      negated: false,
      at: first,
    });
  }
  if (drafts.length === 0) drafts.push(...eventsByValue(context));
  return drafts;
}

/**
 * "did cycling", "used the coupon SUMMER20": a clause that names no event but
 * a value only one event's property has (and no attribute) is about that event.
 */
function eventsByValue(context: ClauseContext): Draft[] {
  const { clause, lexicon } = context;
  const attributeValue = (i: number) => lexicon.attributes.some((a) => a.values.some((v) => valueAt(clause, i, v) > 0));
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i) || FILLERS.has(clause.norm(i)) || clause.norm(i).length < 3 || attributeValue(i)) continue;
    const owners = lexicon.events.filter((e) =>
      e.properties.some((p) => p.values.some((v) => valueAt(clause, i, v) > 0)),
    );
    if (owners.length !== 1) continue;
    const entry = owners[0]!;
    const time = takeTime(context);
    const count = !context.countTaken ? context.count : undefined;
    if (count) context.countTaken = true;
    const properties = recognizeProperties(context, entry);
    if (properties.length === 0) continue;
    const first = Math.min(i, ...properties.map((p) => p.at));
    markLightVerb(clause, first);
    context.notes.push(
      `Read "${quoteSpan(context.prompt, clause.tokens.slice(i, i + 1))}" as the event "${entry.name}" with that property.`,
    );
    return [{ kind: "event", event: entry.name, count: count?.count, time, properties, negated: false, at: first }];
  }
  return [];
}

// Verbs that only carry the event after them: "left a review", "gave a rating", "made 2 orders".
const LIGHT_VERBS = new Set([
  "left",
  "leave",
  "leaves",
  "gave",
  "give",
  "gives",
  "made",
  "make",
  "makes",
  "did",
  "do",
  "does",
  "done",
  "has",
  "have",
  "had",
  "took",
  "take",
  "used",
  "use",
  "uses",
  "using",
]);
const ARTICLES = new Set(["a", "an", "the", "some", "any", "their", "his", "her", "one"]);

function markLightVerb(clause: Clause, first: number): void {
  let i = first - 1;
  while (i >= 0 && (ARTICLES.has(clause.norm(i)) || !clause.isFree(i)) && i >= first - 4) i--;
  if (i >= 0 && clause.isFree(i) && LIGHT_VERBS.has(clause.norm(i))) clause.mark(i, i + 1);
}

/**
 * The event's properties with the values that properties of the same name have
 * on the team's other events: the vocabulary lists only values it saw at least
 * twice, so "kids" may be missing from a rare event's "category" though it is
 * plainly one.
 */
function withSiblingValues(entry: EventEntry, lexicon: Lexicon): KeyEntry[] {
  return entry.properties.map((property) => {
    const seen = new Set(property.values.map((v) => v.value));
    const more = lexicon.events
      .filter((e) => e !== entry)
      .flatMap((e) =>
        e.properties.filter((p) => p.key === property.key && p.kind === property.kind).flatMap((p) => p.values),
      )
      .filter((v) => !seen.has(v.value) && seen.add(v.value));
    return more.length ? { ...property, values: [...property.values, ...more] } : property;
  });
}

const AMOUNT_KEYS = /^(amount|total|value|revenue|price|sum|order total|order value|subtotal|spend|spent)$/;

/**
 * Property conditions of an event in the rest of the clause: "purchased shoes"
 * (a known value), "with total over 100" (a key and a comparison), "orders
 * over 100" (a comparison with no key, when the event has one amount).
 */
export function recognizeProperties(context: ClauseContext, entry: EventEntry): CompareDraft[] {
  const drafts = recognizeValues(context, {
    keys: withSiblingValues(entry, context.lexicon),
    target: (key) => ({ type: "property", key }),
    fields: false,
  });
  const amounts = entry.properties.filter((p) => p.kind === "number");
  const amount = amounts.length === 1 ? amounts[0] : amounts.find((p) => AMOUNT_KEYS.test(wordsOf(p.key).join(" ")));
  if (amount) {
    const bare = recognizeValues(context, {
      keys: [],
      target: () => ({ type: "property", key: amount.key }),
      fields: false,
      bareNumber: amount,
    });
    if (bare.length) context.notes.push(`Read the amount as the property "${amount.key}" of "${entry.name}".`);
    drafts.push(...bare);
  }
  return drafts;
}
