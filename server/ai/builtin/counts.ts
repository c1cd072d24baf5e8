import type { Clause } from "./clause.ts";
import { NUMBER_WORD_PATTERN, numberOf } from "./words.ts";

/*
 * How often: "at least 3 times", "more than twice", "3+ times", "exactly
 * once", "fewer than 2 times". A bare "3 times" is read as at least 3, and the
 * explanation says so. Vague ones ("often") are reported, not guessed.
 */

export type Count = { frequency: "at_least" | "at_most" | "exactly"; times: number };
export type FoundCount = { count: Count; from: number; to: number; text: string; assumed?: string };
export type VagueCount = { vague: true; from: number; to: number; text: string };

const N = `(${NUMBER_WORD_PATTERN}|once|twice|thrice)`;
const TIMES = "(?:\\s+(?:times?|x)|(?<=once|twice|thrice))";

type Rule = { pattern: RegExp; read: (n: number, m: RegExpMatchArray) => (Count & { assumed?: string }) | undefined };

const RULES: Rule[] = [
  {
    pattern: new RegExp(`\\b(?:at least|no less than|not less than|a minimum of|minimum of|min)\\s+${N}${TIMES}`),
    read: (n) => ({ frequency: "at_least", times: n }),
  },
  {
    pattern: new RegExp(`\\b(?:more than|over|above|greater than)\\s+${N}${TIMES}`),
    read: (n) => ({ frequency: "at_least", times: n + 1 }),
  },
  {
    pattern: new RegExp(`\\b(?:at most|no more than|not more than|up to|a maximum of|maximum of|max)\\s+${N}${TIMES}`),
    read: (n) => ({ frequency: "at_most", times: n }),
  },
  {
    pattern: new RegExp(`\\b(?:fewer than|less than|under)\\s+${N}${TIMES}`),
    read: (n) => (n >= 1 ? { frequency: "at_most", times: n - 1 } : undefined),
  },
  {
    pattern: new RegExp(`\\b(?:exactly|only|just)\\s+${N}${TIMES}`),
    read: (n) => ({ frequency: "exactly", times: n }),
  },
  // "3 or more times", "3 times or more", "3+ times": without "times" it may be any number ("MRR of 100 or more").
  {
    pattern: new RegExp(`\\b${N}\\s*(?:\\+|or more|or above|and up|and above)\\s+(?:times?|x)\\b`),
    read: (n) => ({ frequency: "at_least", times: n }),
  },
  {
    pattern: new RegExp(`\\b${N}${TIMES}\\s*(?:\\+|or more|or above|and up|and above)`),
    read: (n) => ({ frequency: "at_least", times: n }),
  },
  {
    pattern: new RegExp(`\\b${N}\\s+or (?:fewer|less)\\s+(?:times?|x)\\b`),
    read: (n) => ({ frequency: "at_most", times: n }),
  },
  { pattern: new RegExp(`\\b${N}${TIMES}\\s+or (?:fewer|less)`), read: (n) => ({ frequency: "at_most", times: n }) },
  {
    pattern: /\b(?:multiple times|more than once|repeatedly|again|several times|a few times)\b/,
    read: (_n, m) => vagueMultiple(m[0]),
  },
  // "a couple of times": two, read as at least two, and said so.
  {
    pattern: /\b(?:a\s+)?couple(?:\s+of)?\s+times\b/,
    read: (_n, m) => ({ frequency: "at_least", times: 2, assumed: `read "${m[0]}" as at least 2 times` }),
  },
  {
    pattern: new RegExp(`\\b${N}${TIMES}`),
    read: (n, m) => ({
      frequency: "at_least",
      times: n,
      assumed: `read "${m[0]}" as at least ${n} ${n === 1 ? "time" : "times"}`,
    }),
  },
];

// "multiple times" and "more than once" mean at least twice; "several" and "a few" say no number.
function vagueMultiple(text: string): Count | undefined {
  return text === "several times" || text === "a few times" ? undefined : { frequency: "at_least", times: 2 };
}

const VAGUE =
  /\b(several times|a few times|many times|a lot|often|frequently|regularly|rarely|occasionally|sometimes|heavily)\b/;

/** The first count in the clause's free words; its tokens are marked used. */
export function findCount(clause: Clause, prompt: string): FoundCount | VagueCount | undefined {
  const { text, tokenAt } = clause.textView(prompt);
  for (const rule of RULES) {
    for (const match of text.matchAll(new RegExp(rule.pattern.source, "g"))) {
      const word = match[1];
      const n =
        word === undefined ? 0 : word === "once" ? 1 : word === "twice" ? 2 : word === "thrice" ? 3 : numberOf(word);
      if (n === undefined) continue;
      const count = rule.read(n, match);
      if (!count) continue;
      const span = tokenAt(match.index, match.index + match[0].trimEnd().length);
      if (!span?.free) continue;
      clause.mark(span.from, span.to);
      const { assumed, ...plain } = count;
      return { count: plain, from: span.from, to: span.to, text: match[0].trim(), assumed };
    }
  }
  const vague = VAGUE.exec(text);
  if (vague) {
    const span = tokenAt(vague.index, vague.index + vague[0].length);
    if (span?.free) {
      clause.mark(span.from, span.to);
      return { vague: true, from: span.from, to: span.to, text: vague[0] };
    }
  }
  return undefined;
}

const COMPARATOR_BEFORE: [string[], (n: number) => Count | undefined][] = [
  [["at", "least"], (n) => ({ frequency: "at_least", times: n })],
  [["more", "than"], (n) => ({ frequency: "at_least", times: n + 1 })],
  [["over"], (n) => ({ frequency: "at_least", times: n + 1 })],
  [["at", "most"], (n) => ({ frequency: "at_most", times: n })],
  [["no", "more", "than"], (n) => ({ frequency: "at_most", times: n })],
  [["fewer", "than"], (n) => (n >= 1 ? { frequency: "at_most", times: n - 1 } : undefined)],
  [["less", "than"], (n) => (n >= 1 ? { frequency: "at_most", times: n - 1 } : undefined)],
  [["exactly"], (n) => ({ frequency: "exactly", times: n })],
  [["only"], (n) => ({ frequency: "exactly", times: n })],
  [["just"], (n) => ({ frequency: "exactly", times: n })],
];

/**
 * A count written before the noun an event was found by: "at least 3
 * purchases", "more than 2 orders", "3+ orders", "2 or more orders". `at` is
 * that noun's index.
 */
export function countBefore(clause: Clause, at: number): FoundCount | undefined {
  const postfix = countWithPostfix(clause, at);
  if (postfix) return postfix;
  let i = at - 1;
  let plus = false;
  if (clause.norm(i) === "+" && clause.isFree(i)) {
    plus = true;
    i--;
  }
  const token = clause.tokens[i];
  if (!token || !clause.isFree(i)) return undefined;
  const n = token.kind === "number" ? token.value : numberOf(token.norm);
  if (n === undefined || token.norm === "a" || token.norm === "an") return undefined;
  // "zero orders" is none at all.
  if (n === 0 && !plus) {
    clause.mark(i, at);
    return { count: { frequency: "exactly", times: 0 }, from: i, to: at, text: token.raw };
  }
  if (plus) {
    clause.mark(i, at);
    return { count: { frequency: "at_least", times: n }, from: i, to: at, text: `${token.raw}+` };
  }
  for (const [words, read] of COMPARATOR_BEFORE) {
    const from = i - words.length;
    if (from >= 0 && words.every((w, k) => clause.norm(from + k) === w && clause.isFree(from + k))) {
      const count = read(n);
      if (!count) return undefined;
      clause.mark(from, at);
      return { count, from, to: at, text: `${words.join(" ")} ${token.raw}` };
    }
  }
  clause.mark(i, at);
  return {
    count: { frequency: "at_least", times: n },
    from: i,
    to: at,
    text: token.raw,
    assumed: `read "${token.raw}" as at least ${n}`,
  };
}

const POSTFIX_BEFORE: [string[], Count["frequency"]][] = [
  [["or", "more"], "at_least"],
  [["and", "up"], "at_least"],
  [["or", "fewer"], "at_most"],
  [["or", "less"], "at_most"],
];

// "2 or more orders", "3 or fewer logins".
function countWithPostfix(clause: Clause, at: number): FoundCount | undefined {
  for (const [words, frequency] of POSTFIX_BEFORE) {
    const from = at - words.length;
    const token = clause.tokens[from - 1];
    if (
      !token ||
      from < 1 ||
      !words.every((w, k) => clause.norm(from + k) === w && clause.isFree(from + k)) ||
      !clause.isFree(from - 1)
    )
      continue;
    const n = token.kind === "number" ? token.value : numberOf(token.norm);
    if (n === undefined || token.norm === "a" || token.norm === "an") continue;
    clause.mark(from - 1, at);
    return { count: { frequency, times: n }, from: from - 1, to: at, text: `${token.raw} ${words.join(" ")}` };
  }
  return undefined;
}
