import { comparisonBefore, readComparison, readValue } from "./compare.ts";
import { type ClauseContext, formAt, takeTime, valueAt } from "./context.ts";
import type { CompareDraft, CompareTarget, Scalar } from "./drafts.ts";
import type { KeyEntry } from "./lexicon.ts";
import { quoteSpan } from "./tokens.ts";
import { FILLERS } from "./words.ts";

/*
 * Keys and values: contact fields ("phone", "email", "name"), custom
 * attributes ("plan is pro", "MRR over 100", "pro users", "in France") and,
 * for an event, its properties. A key with a comparison after it is compared;
 * a value alone is "key is value" for the one key that has it.
 */

type Field = "name" | "email" | "phone";

const FIELD_FORMS: [Field, string[][]][] = [
  [
    "phone",
    [
      ["phone", "number"],
      ["phone", "numbers"],
      ["mobile", "number"],
      ["cell", "phone"],
      ["phone"],
      ["phones"],
      ["mobile"],
      ["cell"],
      ["telephone"],
    ],
  ],
  ["email", [["email", "address"], ["email", "addresses"], ["email"], ["emails"]]],
  ["name", [["full", "name"], ["first", "name"], ["name"], ["names"]]],
];

export type ValuesOptions = {
  keys: readonly KeyEntry[];
  target: (key: string) => CompareTarget;
  /** Whether contact fields (name, email, phone) and email domains are in scope. */
  fields: boolean;
  /** For an event's properties: a comparison with no key ("over 100") compares this amount. */
  bareNumber?: KeyEntry;
};

type Mention = { at: number; to: number; target: CompareTarget; entry?: KeyEntry; field?: Field };

/** Comparisons in the clause's free words, their tokens marked used. */
export function recognizeValues(context: ClauseContext, options: ValuesOptions): CompareDraft[] {
  const { clause, prompt } = context;
  const drafts: CompareDraft[] = [];
  const draft = (
    target: CompareTarget,
    op: CompareDraft["op"],
    values: Scalar[],
    at: number,
    negated = false,
  ): CompareDraft => ({
    kind: "compare",
    target,
    op,
    values,
    negated,
    at,
  });

  if (options.bareNumber) {
    const shape = { kind: options.bareNumber.kind, values: options.bareNumber.values };
    for (let i = 0; i < clause.length; i++) {
      if (!clause.isFree(i)) continue;
      // Tried on a copy: "in France" reads as a comparison too, and must stay for the attribute recognizer.
      const trial = clause.clone();
      const comparison = readComparison(trial, i, shape, prompt);
      if (
        comparison &&
        !("problem" in comparison) &&
        comparison.explicit &&
        comparison.op !== "eq" &&
        typeof comparison.values[0] === "number"
      ) {
        // "paying more than 300 a month": an amount per period is a rate, which no single event's amount is.
        const period = ratePeriodAt(clause, comparison.to);
        if (period) {
          clause.mark(i, period);
          context.problems.push(
            `"${quoteSpan(prompt, clause.tokens.slice(i, period))}": an amount per period is not something one event's amount says; compare an attribute such as MRR instead`,
          );
          continue;
        }
        clause.adopt(trial);
        drafts.push(
          draft(options.target(options.bareNumber.key), comparison.op, comparison.values, i, comparison.negated),
        );
      }
    }
    return drafts;
  }

  if (options.fields)
    drafts.push(...recognizeNamed(context), ...recognizeDialCodes(context), ...recognizeDomains(context));

  // Keys, and what follows each.
  for (const mention of findKeys(context, options)) {
    const shape = mention.entry ?? { kind: "text" as const, values: [] };
    const comparison = readComparison(clause, mention.to, shape, prompt);
    if (comparison && "problem" in comparison) {
      context.problems.push(
        `"${quoteSpan(prompt, clause.tokens.slice(mention.at, mention.to + 3))}": ${comparison.problem}`,
      );
      clause.mark(mention.at, mention.to);
      continue;
    }
    clause.mark(mention.at, mention.to);
    if (comparison) {
      drafts.push(draft(mention.target, comparison.op, comparison.values, mention.at, comparison.negated));
      continue;
    }
    // "more than 1000 MRR": the comparison just before the key.
    const ahead = comparisonBefore(clause, mention.at);
    if (ahead) {
      drafts.push(draft(mention.target, ahead.op, ahead.values, ahead.from, ahead.negated));
      continue;
    }
    // "pro plan": the value just before the key.
    const before = valueBefore(context, mention);
    if (before) {
      drafts.push(draft(mention.target, "eq", [before.value], before.at));
      continue;
    }
    if (mention.entry?.kind === "date" && context.time && !context.timeTaken) {
      drafts.push({ ...draft(mention.target, "eq", [], mention.at), time: takeTime(context) });
      continue;
    }
    drafts.push(
      draft(
        mention.target,
        mention.entry?.kind === "boolean" ? "eq" : "exists",
        mention.entry?.kind === "boolean" ? [true] : [],
        mention.at,
      ),
    );
  }

  // Values alone: "pro users", "in France".
  for (let i = 0; i < clause.length; i++) {
    // "US" in capitals is a country, though "us" is a filler word.
    if (!clause.isFree(i) || (FILLERS.has(clause.norm(i)) && !isCapitals(clause.tokens[i]!.raw))) continue;
    const found = valueMentionAt(context, i, options.keys);
    if (!found) continue;
    if ("problem" in found) {
      context.problems.push(found.problem);
      continue;
    }
    clause.mark(i, found.to);
    const previous = drafts[drafts.length - 1];
    const sameKey =
      previous &&
      previous.op === "eq" &&
      previous.target.type !== "field" &&
      previous.target.key === found.key &&
      !previous.time;
    if (sameKey) previous.values.push(found.value);
    else drafts.push(draft(options.target(found.key), "eq", [found.value], i));
    i = found.to - 1;
  }
  return drafts;
}

const PER = new Set(["a", "an", "per", "each", "every"]);
const PERIODS = new Set(["day", "week", "month", "year", "quarter"]);
const RATES = new Set(["daily", "weekly", "monthly", "yearly", "annually", "quarterly"]);

/** Where "a month", "per year" or "monthly" ends, when it starts at token i. */
function ratePeriodAt(clause: ClauseContext["clause"], i: number): number | undefined {
  if (RATES.has(clause.norm(i))) return i + 1;
  if (PER.has(clause.norm(i)) && PERIODS.has(clause.norm(i + 1))) return i + 2;
  return undefined;
}

function isCapitals(raw: string): boolean {
  return /^[A-Z]{2}$/.test(raw);
}

function findKeys(context: ClauseContext, options: ValuesOptions): Mention[] {
  const { clause } = context;
  const mentions: Mention[] = [];
  for (let i = 0; i < clause.length; i++) {
    // A filler word starts a key only when a key is called exactly that ("items" of an order).
    if (
      !clause.isFree(i) ||
      (FILLERS.has(clause.norm(i)) && !options.keys.some((k) => k.forms.some((f) => f[0] === clause.norm(i))))
    )
      continue;
    let best: Mention | undefined;
    for (const entry of options.keys) {
      const length = formAt(clause, i, entry.forms);
      if (length > 0 && length > (best ? best.to - best.at : 0))
        best = { at: i, to: i + length, target: options.target(entry.key), entry };
    }
    if (options.fields) {
      for (const [field, forms] of FIELD_FORMS) {
        const length = formAt(clause, i, forms, { exact: true });
        if (length > 0 && length >= (best ? best.to - best.at : 0))
          best = { at: i, to: i + length, target: { type: "field", field }, field };
      }
    }
    if (best) {
      mentions.push(best);
      i = best.to - 1;
    }
  }
  return mentions;
}

function valueBefore(context: ClauseContext, mention: Mention): { value: Scalar; at: number } | undefined {
  if (!mention.entry) return undefined;
  const { clause } = context;
  let i = mention.at - 1;
  while (i >= 0 && clause.isFree(i) && FILLERS.has(clause.norm(i))) i--;
  for (let start = Math.max(0, i - 3); start <= i; start++) {
    for (const value of mention.entry.values) {
      if (clause.isFree(start) && valueAt(clause, start, value) === i - start + 1) {
        clause.mark(start, i + 1);
        return { value: mention.entry.kind === "boolean" ? value.value === "true" : value.value, at: start };
      }
    }
  }
  return undefined;
}

/** A known value at token i and the one key it belongs to; when several keys have it, a problem naming them. */
function valueMentionAt(
  context: ClauseContext,
  i: number,
  keys: readonly KeyEntry[],
): { key: string; value: Scalar; to: number } | { problem: string } | undefined {
  const { clause } = context;
  let best: { entry: KeyEntry; value: string; length: number; alias: boolean }[] = [];
  for (const entry of keys) {
    for (const value of entry.values) {
      const length = valueAt(clause, i, value);
      if (length === 0) continue;
      const alias = formAt(clause, i, [value.forms[0]!]) !== length;
      if (!best[0] || length > best[0].length) best = [{ entry, value: value.value, length, alias }];
      else if (length === best[0].length && !best.some((b) => b.entry === entry))
        best.push({ entry, value: value.value, length, alias });
    }
  }
  if (best.length === 0) return undefined;
  // "Germany" is the country "Germany" before it is the language "de" by an alias.
  if (best.length > 1 && best.some((b) => !b.alias)) best = best.filter((b) => !b.alias);
  if (best.length > 1) {
    clause.mark(i, i + best[0]!.length);
    const typed = quoteSpan(context.prompt, clause.tokens.slice(i, i + best[0]!.length));
    return {
      problem: `"${typed}" is a value of ${best.map((b) => `"${b.entry.key}"`).join(" and ")}: say which, for example "${best[0]!.entry.key} is ${best[0]!.value}"`,
    };
  }
  const [{ entry, value, length }] = best as [(typeof best)[0]];
  return { key: entry.key, value: entry.kind === "boolean" ? value === "true" : value, to: i + length };
}

// "named Alice", "called Bob": the name starts with what follows.
function recognizeNamed(context: ClauseContext): CompareDraft[] {
  const { clause, prompt } = context;
  const drafts: CompareDraft[] = [];
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i) || !["named", "called"].includes(clause.norm(i))) continue;
    const value = readValue(clause, i + 1, { kind: "text", values: [] }, prompt, { raw: true });
    if (!value) continue;
    clause.mark(i, value.to);
    drafts.push({
      kind: "compare",
      target: { type: "field", field: "name" },
      op: "starts",
      values: [value.value],
      negated: false,
      at: i,
    });
  }
  return drafts;
}

const PHONE_WORDS = new Set(["phone", "phones", "number", "numbers", "mobile", "mobiles", "cell", "telephone"]);

// "phone numbers from the UK (+44)", "+1 numbers": a country calling code is how the phone
// number starts. What lies between the phone word and the code ("from the UK") only says
// what the code is, so it is read as part of it.
function recognizeDialCodes(context: ClauseContext): CompareDraft[] {
  const { clause } = context;
  const phone = clause.tokens.findIndex((t, i) => clause.isFree(i) && PHONE_WORDS.has(t.norm));
  if (phone === -1) return [];
  for (let i = 0; i + 1 < clause.length; i++) {
    const code = clause.tokens[i + 1]!;
    if (
      clause.norm(i) !== "+" ||
      !clause.isFree(i) ||
      !clause.isFree(i + 1) ||
      code.kind !== "number" ||
      !/^\d{1,4}$/.test(code.raw)
    )
      continue;
    // "starting with +1" is read where the comparison is; only a code on its own is taken here.
    if (["with", "in"].includes(clause.norm(i - 1))) return [];
    let from = Math.min(phone, i);
    let to = Math.max(phone + 1, i + 2);
    while (from > 0 && clause.isFree(from - 1) && PHONE_WORDS.has(clause.norm(from - 1))) from--;
    while (clause.isFree(to) && PHONE_WORDS.has(clause.norm(to))) to++;
    clause.mark(from, to);
    return [
      {
        kind: "compare",
        target: { type: "field", field: "phone" },
        op: "starts",
        values: [`+${code.raw}`],
        negated: false,
        at: from,
      },
    ];
  }
  return [];
}

/** ".edu" or "@acme.io" typed before an address word ("addresses", "emails"); the text and where it ends. */
function typedDomainAt(clause: ClauseContext["clause"], i: number): { text: string; to: number } | undefined {
  if (![".", "@"].includes(clause.norm(i))) return undefined;
  let to = i;
  let text = "";
  while (
    clause.isFree(to) &&
    [".", "@"].includes(clause.norm(to)) &&
    clause.tokens[to + 1]?.kind === "word" &&
    clause.isFree(to + 1)
  ) {
    text += clause.norm(to) + clause.norm(to + 1);
    to += 2;
  }
  if (!text || !clause.isFree(to) || !DOMAIN_NOUNS.has(clause.norm(to))) return undefined;
  while (clause.isFree(to) && DOMAIN_NOUNS.has(clause.norm(to))) to++;
  return { text, to };
}

const DOMAIN_NOUNS = new Set([
  "address",
  "addresses",
  "email",
  "emails",
  "account",
  "accounts",
  "domain",
  "users",
  "user",
]);

// "gmail users", "@acme.com addresses", ".edu emails": the email's domain, or how the address ends.
function recognizeDomains(context: ClauseContext): CompareDraft[] {
  const { clause, lexicon } = context;
  const drafts: CompareDraft[] = [];
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i)) continue;
    const typed = typedDomainAt(clause, i);
    if (typed) {
      clause.mark(i, typed.to);
      drafts.push({
        kind: "compare",
        target: { type: "field", field: "email" },
        op: "ends",
        values: [typed.text],
        negated: false,
        at: i,
      });
      i = typed.to - 1;
      continue;
    }
    for (const domain of lexicon.emailDomains) {
      const length = formAt(
        clause,
        i,
        domain.forms.map((f) => (f.length > 1 ? f.flatMap((w, k) => (k === 0 ? [w] : [".", w])) : f)),
        { exact: true },
      );
      if (length === 0) continue;
      let end = i + length;
      while (clause.isFree(end) && DOMAIN_NOUNS.has(clause.norm(end))) end++;
      clause.mark(i, end);
      drafts.push({
        kind: "compare",
        target: { type: "field", field: "email" },
        op: "ends",
        values: [`@${domain.value}`],
        negated: false,
        at: i,
      });
      context.notes.push(
        `Read "${quoteSpan(context.prompt, clause.tokens.slice(i, i + length))}" as email addresses at ${domain.value}.`,
      );
      break;
    }
  }
  return drafts;
}
