import { type ClauseContext, formAt } from "./context.ts";
import type { Draft } from "./drafts.ts";
import { quoteSpan } from "./tokens.ts";
import { wordsOf } from "./words.ts";

/*
 * Membership of another segment: "in the VIP segment", "members of Beta
 * Testers", "not in Churned". A segment's name alone is only taken with
 * something that says it is a segment, since names like "VIP" are often
 * attribute values too.
 */

const BEFORE = [
  ["in"],
  ["of"],
  ["from"],
  ["on"],
  ["members", "of"],
  ["member", "of"],
  ["part", "of"],
  ["belong", "to"],
  ["belongs", "to"],
  ["within"],
  ["inside"],
  ["except"],
  ["excluding"],
  ["exclude"],
  ["not"],
];
const AFTER = new Set(["segment", "segments", "list", "group", "audience", "cohort", "members"]);

/**
 * Whether a segment's name is also a value, key or event of the team's, so it needs "segment" or "in" to be the
 * segment.
 */
function namesSomethingElse(context: ClauseContext, name: string): boolean {
  const words = wordsOf(name).join(" ");
  const { lexicon } = context;
  const keys = [...lexicon.attributes, ...lexicon.events.flatMap((e) => e.properties)];
  return (
    words.length < 3 ||
    keys.some(
      (k) =>
        k.forms.some((f) => f.join(" ") === words) || k.values.some((v) => v.forms.some((f) => f.join(" ") === words)),
    ) ||
    lexicon.events.some((e) => e.forms.some((f) => f.join(" ") === words))
  );
}

export function recognizeSegments(context: ClauseContext): Draft[] {
  const { clause, lexicon } = context;
  const drafts: Draft[] = [];
  const saysSegment = clause.tokens.some((t) => AFTER.has(t.norm));
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i)) continue;
    let best: { id: string; name: string; length: number } | undefined;
    for (const segment of lexicon.segments) {
      const token = clause.tokens[i]!;
      const length =
        token.kind === "quoted"
          ? token.norm === segment.name.toLowerCase()
            ? 1
            : 0
          : formAt(clause, i, segment.forms);
      if (length > (best?.length ?? 0)) best = { id: segment.id, name: segment.name, length };
    }
    if (!best) continue;
    let before = i - 1;
    while (before >= 0 && clause.norm(before) === "the") before--;
    const introduced = BEFORE.some((words) => words.every((w, k) => clause.norm(before - words.length + 1 + k) === w));
    const followed = AFTER.has(clause.norm(i + best.length));
    if (!introduced && !followed && !saysSegment && namesSomethingElse(context, best.name)) continue;
    const to = followed ? i + best.length + 1 : i + best.length;
    clause.mark(i, to);
    for (let k = 0; k < clause.length; k++) if (AFTER.has(clause.norm(k)) && clause.isFree(k)) clause.mark(k, k + 1);
    const typed = quoteSpan(context.prompt, clause.tokens.slice(i, i + best.length));
    if (typed.toLowerCase() !== best.name.toLowerCase())
      context.notes.push(`Read "${typed}" as the segment "${best.name}".`);
    drafts.push({ kind: "segment", segmentId: best.id, negated: false, at: i });
    i = to - 1;
  }
  return drafts;
}
