import { Clause } from "./clause.ts";
import type { Lexicon } from "./lexicon.ts";
import type { Token } from "./tokens.ts";
import { RELATIVE_WORDS, SPLIT_WORDS, TEXT_EDGE_WORDS, wordsOf } from "./words.ts";

/*
 * A prompt cut into clauses at "and", "or", commas, "who", "with"... except
 * where those words belong to something: "between 100 and 500", "3 or more",
 * "starts with", or a name of the team's that contains them ("Terms and
 * Conditions Accepted").
 */

export type Split = { clauses: Clause[]; relativeAt: number };

const COMPARATIVE_AFTER_OR = new Set([
  "more",
  "less",
  "fewer",
  "above",
  "below",
  "higher",
  "lower",
  "greater",
  "under",
  "over",
  "later",
  "earlier",
]);
const TEXT_VERBS = new Set([
  "start",
  "starts",
  "begin",
  "begins",
  "end",
  "ends",
  "contain",
  "contains",
  "include",
  "includes",
]);
// "with" after these belongs to the condition ("ends with", "engaged with"), it does not start another.
const WITH_VERBS = new Set([...TEXT_EDGE_WORDS, "engaged", "interacted", "filled"]);

export function splitClauses(tokens: Token[], lexicon: Lexicon): Split {
  const protectedAt = protectedTokens(tokens, lexicon);
  const clauses: Clause[] = [];
  let relativeAt = -1;
  let current: Token[] = [];
  type Pending = { connector: "and" | "or"; word: string; relative: boolean };
  let pending = null as Pending | null;
  let betweenOpen = false;

  const close = () => {
    if (current.length === 0) return;
    const connector = clauses.length === 0 ? null : (pending?.connector ?? "and");
    if (pending?.relative && relativeAt === -1 && clauses.length > 0) relativeAt = clauses.length;
    clauses.push(new Clause(current, connector, pending?.word ?? null));
    current = [];
    pending = null;
    betweenOpen = false;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const word = token.norm;
    if (word === "between") betweenOpen = true;
    const splits =
      token.kind === "separator" || (token.kind !== "quoted" && SPLIT_WORDS.has(word) && !protectedAt.has(i));
    const keep =
      (betweenOpen && (word === "and" || word === "to")) ||
      (word === "or" && COMPARATIVE_AFTER_OR.has(tokens[i + 1]?.norm ?? "")) ||
      (word === "and" && ["up", "above"].includes(tokens[i + 1]?.norm ?? "")) ||
      (word === "with" && WITH_VERBS.has(tokens[i - 1]?.norm ?? "")) ||
      ((word === "or" || word === "and") && sameKeyValues(tokens[i - 1], tokens[i + 1], lexicon)) ||
      // "names that start with T": the relative clause is the comparison of the key before it.
      (RELATIVE_WORDS.has(word) && TEXT_VERBS.has(tokens[i + 1]?.norm ?? ""));
    if (splits && !keep) {
      if (word === "and" || word === "to") betweenOpen = false;
      // Split words in a row ("and who", ", or") join as one: "or" if any is, relative if any is.
      const before: Pending | null = current.length === 0 ? pending : null;
      close();
      const next: Pending = {
        connector: word === "or" || word === "/" ? ("or" as const) : ("and" as const),
        word,
        relative: RELATIVE_WORDS.has(word),
      };
      pending = before
        ? {
            connector: before.connector === "or" || next.connector === "or" ? "or" : "and",
            word: next.word,
            relative: before.relative || next.relative,
          }
        : next;
      // The first "who" of a prompt that starts with it ("who purchased ...") introduces nothing.
      if (clauses.length === 0 && pending.relative) pending = null;
      continue;
    }
    // "neither A nor B": "nor" joins with "and" and negates B.
    if (word === "nor") {
      close();
      pending = { connector: "and", word, relative: false };
      current.push({ ...token, norm: "not" });
      continue;
    }
    current.push(token);
  }
  close();
  return { clauses, relativeAt };
}

/**
 * "yoga or cycling workouts": two values of the same event property (or
 * attribute) joined by "or" name one condition with a list, so the words after
 * them (the event, its time) apply to both.
 */
function sameKeyValues(a: Token | undefined, b: Token | undefined, lexicon: Lexicon): boolean {
  if (!a || !b || a.kind !== "word" || b.kind !== "word") return false;
  const keys = [
    ...lexicon.attributes.map((k) => ({ id: `a:${k.key}`, entry: k })),
    ...lexicon.events.flatMap((e) => e.properties.map((k) => ({ id: `p:${e.name}:${k.key}`, entry: k }))),
  ];
  const of = (word: string) =>
    new Set(
      keys
        .filter(({ entry }) => entry.values.some((v) => v.forms.some((f) => f.length === 1 && f[0] === word)))
        .map((k) => k.id),
    );
  const first = of(a.norm);
  return first.size > 0 && [...of(b.norm)].some((id) => first.has(id));
}

// Tokens inside a name or value of the team's that contains a split word.
function protectedTokens(tokens: Token[], lexicon: Lexicon): Set<number> {
  const names = [
    ...lexicon.events.map((e) => e.name),
    ...lexicon.campaigns.map((c) => c.name),
    ...lexicon.segments.map((s) => s.name),
    ...lexicon.attributes.flatMap((a) => [a.key, ...a.values.map((v) => v.value)]),
  ]
    .map(wordsOf)
    .filter((words) => words.length > 1 && words.some((w) => SPLIT_WORDS.has(w)));
  const held = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    for (const words of names) {
      if (words.every((w, k) => tokens[i + k]?.norm === w)) for (let k = 0; k < words.length; k++) held.add(i + k);
    }
  }
  return held;
}
