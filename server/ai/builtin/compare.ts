import type { ValueKind } from "#server/ai/types.ts";
import type { Clause } from "./clause.ts";
import { valueAt } from "./context.ts";
import type { CompareOp, Scalar } from "./drafts.ts";
import type { ValueForm } from "./lexicon.ts";
import { FILLERS, NEGATION_WORDS, numberOf } from "./words.ts";

/*
 * What follows a key: "is pro", "is not free", "in UK", "over 100", "between
 * 100 and 500", "contains acme", "is set", or just a value ("plan pro").
 */

export type Comparison = {
  op: CompareOp;
  values: Scalar[];
  negated: boolean;
  from: number;
  to: number;
  explicit: boolean;
  note?: string;
};

// "names that start with T": a relative word before the comparison carries nothing either.
const COPULAS = new Set(["is", "are", "was", "were", "be", "has", "have", "had", "that", "which"]);

type Comparator = { words: string[]; op: CompareOp; negated?: boolean; note?: string };

const COMPARATORS: Comparator[] = (
  [
    [["not", "one", "of"], "eq", true],
    [["not", "any", "of"], "eq", true],
    [["not", "in"], "eq", true],
    [["not", "equal", "to"], "eq", true],
    [["not", "less", "than"], "gte"],
    [["not", "more", "than"], "lte"],
    [["not", "empty"], "exists"],
    [["not", "blank"], "exists"],
    [["not", "set"], "missing"],
    [["not", "known"], "missing"],
    [["not"], "eq", true],
    [["!="], "eq", true],
    [["other", "than"], "eq", true],
    [["anything", "but"], "eq", true],
    [["one", "of"], "eq"],
    [["any", "of"], "eq"],
    [["either"], "eq"],
    [["in"], "eq"],
    [["among"], "eq"],
    [["equal", "to"], "eq"],
    [["set", "to"], "eq"],
    [["equals"], "eq"],
    [["equal"], "eq"],
    [["="], "eq"],
    [["=="], "eq"],
    [["of"], "eq"],
    [["more", "than"], "gt"],
    [["greater", "than"], "gt"],
    [["higher", "than"], "gt"],
    [["bigger", "than"], "gt"],
    [["larger", "than"], "gt"],
    [["over"], "gt"],
    [["above"], "gt"],
    [["exceeds"], "gt"],
    [["exceeding"], "gt"],
    [[">"], "gt"],
    [["at", "least"], "gte"],
    [["no", "less", "than"], "gte"],
    [[">="], "gte"],
    [["minimum"], "gte"],
    [["min"], "gte"],
    [["less", "than"], "lt"],
    [["fewer", "than"], "lt"],
    [["lower", "than"], "lt"],
    [["smaller", "than"], "lt"],
    [["under"], "lt"],
    [["below"], "lt"],
    [["<"], "lt"],
    [["at", "most"], "lte"],
    [["no", "more", "than"], "lte"],
    [["up", "to"], "lte"],
    [["<="], "lte"],
    [["maximum"], "lte"],
    [["max"], "lte"],
    [["between"], "between"],
    [["contains"], "contains"],
    [["containing"], "contains"],
    [["contain"], "contains"],
    [["includes"], "contains"],
    [["including"], "contains"],
    [["include"], "contains"],
    [["like"], "contains"],
    [["starts", "with"], "starts"],
    [["starting", "with"], "starts"],
    [["start", "with"], "starts"],
    [["begins", "with"], "starts"],
    [["beginning", "with"], "starts"],
    [["begin", "with"], "starts"],
    [["ends", "with"], "ends"],
    [["ending", "with"], "ends"],
    [["ending", "in"], "ends"],
    [["ends", "in"], "ends"],
    [["end", "with"], "ends"],
    [["end", "in"], "ends"],
    [["older", "than"], "gt"],
    [["younger", "than"], "lt"],
    [["longer", "than"], "gt"],
    [["shorter", "than"], "lt"],
    [["empty"], "missing"],
    [["blank"], "missing"],
    [["missing"], "missing"],
    [["unknown"], "missing"],
    [["unset"], "missing"],
    [["set"], "exists"],
    [["known"], "exists"],
    [["present"], "exists"],
    [["exists"], "exists"],
    [["filled", "in"], "exists"],
    [["filled"], "exists"],
  ] as [string[], CompareOp, boolean?, string?][]
)
  .map(([words, op, negated, note]) => ({ words, op, negated, note }))
  .sort((a, b) => b.words.length - a.words.length);

const POSTFIX: [string[], "gte" | "lte"][] = [
  [["or", "more"], "gte"],
  [["or", "above"], "gte"],
  [["or", "higher"], "gte"],
  [["or", "greater"], "gte"],
  [["and", "up"], "gte"],
  [["and", "above"], "gte"],
  [["+"], "gte"],
  [["or", "less"], "lte"],
  [["or", "fewer"], "lte"],
  [["or", "below"], "lte"],
  [["or", "lower"], "lte"],
  [["or", "under"], "lte"],
];

const PREPOSITIONS = new Set(["in", "of", "among"]);

const COMPARATIVE_KEYS: Record<string, "gt" | "lt"> = { older: "gt", younger: "lt" };

const UNITS = new Set([
  "dollars",
  "dollar",
  "usd",
  "eur",
  "euros",
  "euro",
  "gbp",
  "pounds",
  "pound",
  "bucks",
  "percent",
  "%",
]);

export type KeyShape = { kind: ValueKind; values: readonly ValueForm[] };

/** The comparison after a key ending at `at`, its tokens marked used; undefined when there is none. */
export function readComparison(
  clause: Clause,
  at: number,
  key: KeyShape,
  prompt: string,
): Comparison | { problem: string } | undefined {
  // "older than 50", "younger than 30": the key ("age") is said by its comparative.
  const comparative = COMPARATIVE_KEYS[clause.norm(at - 1)];
  if (comparative && clause.norm(at) === "than" && clause.isFree(at)) {
    const n = numberAt(clause, at + 1);
    if (n === undefined) return undefined;
    clause.mark(at, at + 2);
    return { op: comparative, values: [n], negated: false, from: at, to: at + 2, explicit: true };
  }
  let i = at;
  while (clause.isFree(i) && COPULAS.has(clause.norm(i))) i++;
  const copula = i > at;
  const comparator = COMPARATORS.find((c) => c.words.every((w, k) => clause.isFree(i + k) && clause.norm(i + k) === w));
  if (comparator) i += comparator.words.length;
  const op = comparator?.op ?? "eq";
  const negated = comparator?.negated ?? false;
  const explicit = Boolean(comparator) || copula;
  const done = (values: Scalar[], to: number, finalOp: CompareOp = op): Comparison => {
    clause.mark(at, to);
    return { op: finalOp, values, negated, from: at, to, explicit, note: comparator?.note };
  };

  if (op === "exists" || op === "missing") return done([], i);
  if (op === "between") {
    const a = numberAt(clause, i);
    const joiner = ["and", "to", "-"].includes(clause.norm(i + 1)) ? i + 1 : -1;
    const b = joiner > 0 ? numberAt(clause, joiner + 1) : undefined;
    if (a === undefined || b === undefined)
      return comparator ? { problem: "between what and what: give two numbers" } : undefined;
    return done([Math.min(a, b), Math.max(a, b)], skipUnits(clause, joiner + 2));
  }
  if (op === "gt" || op === "gte" || op === "lt" || op === "lte") {
    const n = numberAt(clause, i);
    if (n === undefined) return undefined;
    return done([n], skipUnits(clause, i + 1));
  }

  // eq, contains, starts: a value of the key, a number, a quoted text or (after an explicit comparator) the words
  // typed.
  // A preposition alone ("plan in Germany") is as likely to start the next condition: it takes only the key's own
  // values.
  const prepositionOnly = !copula && comparator !== undefined && PREPOSITIONS.has(comparator.words.join(" "));
  // "names starting with A": after a text comparator, a single letter is the text, not the article.
  const letter = clause.tokens[i];
  if ((op === "starts" || op === "ends") && letter?.kind === "word" && letter.raw.length === 1 && clause.isFree(i))
    return done([letter.raw], i + 1);
  const value = readValue(clause, i, key, prompt, { raw: (explicit && !prepositionOnly) || op !== "eq" });
  if (!value) return undefined;
  if (typeof value.value === "number" && op === "eq") {
    // "aged 25 to 35", "between" left unsaid.
    const upper =
      ["to", "-"].includes(clause.norm(value.to)) && clause.isFree(value.to)
        ? numberAt(clause, value.to + 1)
        : undefined;
    if (upper !== undefined && key.kind === "number")
      return done([Math.min(value.value, upper), Math.max(value.value, upper)], value.to + 2, "between");
    const post = POSTFIX.find(([words]) =>
      words.every((w, k) => clause.isFree(value.to + k) && clause.norm(value.to + k) === w),
    );
    if (post)
      return done(
        [value.value],
        value.to + post[0].length,
        post[1] === "gte" ? (negated ? "lt" : "gte") : negated ? "gt" : "lte",
      );
  }
  return done([value.value], value.to);
}

/** A value at token i: a known value of the key, a quoted text, a number, true/false, or the typed words when `raw`. */
export function readValue(
  clause: Clause,
  i: number,
  key: KeyShape,
  prompt: string,
  options: { raw: boolean },
): { value: Scalar; to: number } | undefined {
  const token = clause.tokens[i];
  if (!token || !clause.isFree(i)) return undefined;
  if (token.kind === "quoted") return { value: token.raw, to: i + 1 };
  let best: { value: string; length: number } | undefined;
  for (const value of key.values) {
    const length = valueAt(clause, i, value);
    if (length > (best?.length ?? 0)) best = { value: value.value, length };
  }
  if (best) return { value: key.kind === "boolean" ? best.value === "true" : best.value, to: i + best.length };
  if (token.kind === "number") return { value: token.value!, to: skipUnits(clause, i + 1) };
  if (key.kind === "boolean" && ["true", "yes", "false", "no"].includes(token.norm))
    return { value: token.norm === "true" || token.norm === "yes", to: i + 1 };
  // ".edu", "@acme.io", "+44": text that starts with a symbol, as typed.
  const symbolFirst =
    token.kind === "symbol" &&
    [".", "@", "+"].includes(token.norm) &&
    ["word", "number"].includes(clause.tokens[i + 1]?.kind ?? "");
  if (
    !options.raw ||
    (token.kind !== "word" && !symbolFirst) ||
    FILLERS.has(token.norm) ||
    NEGATION_WORDS.has(token.norm)
  )
    return undefined;
  // The typed words, as typed, up to the first word that only carries the sentence.
  let end = i;
  while (
    end < clause.length &&
    end - i < 6 &&
    clause.isFree(end) &&
    (isValueToken(clause, end) || (end === i && symbolFirst))
  )
    end++;
  const first = clause.tokens[i]!;
  const last = clause.tokens[end - 1]!;
  return { value: prompt.slice(first.start, last.end), to: end };
}

function isValueToken(clause: Clause, i: number): boolean {
  const token = clause.tokens[i]!;
  if (token.kind === "symbol") return token.norm === "." || token.norm === "@" || token.norm === "+";
  return (
    (token.kind === "word" || token.kind === "number") && !FILLERS.has(token.norm) && !NEGATION_WORDS.has(token.norm)
  );
}

function numberAt(clause: Clause, i: number): number | undefined {
  const token = clause.tokens[i];
  if (!token || !clause.isFree(i)) return undefined;
  if (token.kind === "number") return token.value;
  const n = numberOf(token.norm);
  return n === undefined || token.norm === "a" || token.norm === "an" ? undefined : n;
}

function skipUnits(clause: Clause, i: number): number {
  let at = i;
  while (clause.isFree(at) && UNITS.has(clause.norm(at))) at++;
  return at;
}

/**
 * A comparison written before its key: "more than 1000 MRR", "100+ seats".
 * `at` is the key's first token; the comparison's tokens are marked used.
 */
export function comparisonBefore(clause: Clause, at: number): Comparison | undefined {
  let i = at - 1;
  while (i >= 0 && clause.isFree(i) && UNITS.has(clause.norm(i))) i--;
  let plus = false;
  if (clause.norm(i) === "+" && clause.isFree(i)) {
    plus = true;
    i--;
  }
  const n = numberAt(clause, i);
  if (n === undefined) return undefined;
  if (plus) {
    clause.mark(i, at);
    return { op: "gte", values: [n], negated: false, from: i, to: at, explicit: true };
  }
  for (const comparator of COMPARATORS) {
    if (
      comparator.op === "eq" ||
      comparator.op === "between" ||
      comparator.op === "exists" ||
      comparator.op === "missing"
    )
      continue;
    const from = i - comparator.words.length;
    if (from >= 0 && comparator.words.every((w, k) => clause.isFree(from + k) && clause.norm(from + k) === w)) {
      clause.mark(from, at);
      return { op: comparator.op, values: [n], negated: comparator.negated ?? false, from, to: at, explicit: true };
    }
  }
  return undefined;
}
