import type { CorpusCase } from "./corpus.ts";

/*
 * How one corpus answer is scored. Exact: the filter selects exactly the
 * expected members. Otherwise it is wrong, and it counts as flagged (the
 * interpreter said what it did not understand) only when `unsupported` points
 * at the prompt's own words: some entry quotes words that occur in the prompt,
 * and, when the case names the words its meaning hangs on (`hinge`), the
 * quoted words include one of them. An unrelated entry ("two times for one
 * event"), or one about another part of the prompt, leaves a wrong answer
 * confidently wrong.
 */

export type Verdict = "exact" | "flagged" | "wrong";

export function scoreAnswer(
  corpusCase: Pick<CorpusCase, "prompt" | "hinge">,
  answer: { missing: number; extra: number; unsupported: string[] },
): Verdict {
  if (answer.missing === 0 && answer.extra === 0) return "exact";
  const prompt = normalize(corpusCase.prompt);
  const quoted = answer.unsupported.flatMap((entry) => [...entry.matchAll(/"([^"]+)"/g)].map((m) => normalize(m[1]!)));
  const ofPrompt = quoted.filter((words) => words !== "" && prompt.includes(words));
  if (ofPrompt.length === 0) return "wrong";
  if (!corpusCase.hinge) return "flagged";
  const hinges = corpusCase.hinge.map(normalize);
  return ofPrompt.some((words) => hinges.some((hinge) => words.includes(hinge))) ? "flagged" : "wrong";
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}
