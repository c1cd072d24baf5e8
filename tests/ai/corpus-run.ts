import { getDb } from "#db/database.ts";
import type { Interpreter, Vocabulary } from "#server/ai/types.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { filterContacts } from "#server/segments/filter/query.ts";
import type { CorpusCase } from "./corpus.ts";
import type { Seed } from "./corpus-seed.ts";
import { scoreAnswer, type Verdict } from "./corpus-verdict.ts";

/*
 * Runs corpus prompts through an interpreter and scores each by members: the
 * filter is parsed by the filter schema, run by the compiler in PostgreSQL,
 * and its members compared with the case's expected members, computed from the
 * seeded facts by the corpus's own predicates, never by a filter.
 */

export type Outcome = {
  group: string;
  prompt: string;
  verdict: Verdict;
  missing: number;
  extra: number;
  unsupported: string[];
  explanation: string;
};

export type Figures = {
  prompts: number;
  exactPercent: number;
  flaggedPercent: number;
  confidentlyWrongPercent: number;
};

/** One prompt of one team, read by `interpreter` and scored by its members. */
export async function runCase(
  interpreter: Interpreter,
  team: Seed,
  vocabulary: Vocabulary,
  corpusCase: CorpusCase,
  group: string,
): Promise<Outcome> {
  const result = await interpreter.interpretPrompt(corpusCase.prompt, vocabulary, { now: team.now });
  let filter;
  try {
    filter = parseFilter(result.filter);
  } catch (error) {
    // A tree the filter schema refuses would reach a marketer as an error: as wrong as a wrong audience.
    return {
      group,
      prompt: corpusCase.prompt,
      verdict: "wrong",
      missing: -1,
      extra: -1,
      unsupported: result.unsupported,
      explanation: `invalid filter: ${(error as Error).message}`,
    };
  }
  // Relative windows end at the seed's clock, as the interpreter and the expected members read them.
  const rows = await (
    await filterContacts(getDb(), { teamId: team.teamId, filter, now: team.now })
  )
    .select("c.id")
    .execute();
  const got = new Set(rows.map((r) => r.id));
  const want = new Set(team.contacts.filter(corpusCase.members).map((c) => c.id));
  const missing = [...want].filter((id) => !got.has(id)).length;
  const extra = [...got].filter((id) => !want.has(id)).length;
  const verdict = scoreAnswer(corpusCase, { missing, extra, unsupported: result.unsupported });
  return {
    group,
    prompt: corpusCase.prompt,
    verdict,
    missing,
    extra,
    unsupported: result.unsupported,
    explanation: result.explanation,
  };
}

export function figuresOf(outcomes: Outcome[]): Figures {
  const share = (verdict: Verdict) =>
    outcomes.length ? (100 * outcomes.filter((o) => o.verdict === verdict).length) / outcomes.length : 0;
  return {
    prompts: outcomes.length,
    exactPercent: round(share("exact")),
    flaggedPercent: round(share("flagged")),
    confidentlyWrongPercent: round(share("wrong")),
  };
}

/** Prints the figures of each group and every answer that was not exact, so a failing run says why. */
export function report(title: string, outcomes: Outcome[]): void {
  const groups = [...new Set(outcomes.map((o) => o.group))];
  const lines = [`${title}: ${JSON.stringify(figuresOf(outcomes))}`];
  for (const group of groups)
    lines.push(`  ${group}: ${JSON.stringify(figuresOf(outcomes.filter((o) => o.group === group)))}`);
  for (const o of outcomes.filter((o) => o.verdict !== "exact")) {
    lines.push(
      `  ${o.verdict} [${o.group}]: "${o.prompt}" (${o.missing} missing, ${o.extra} extra) ${o.explanation} | unsupported: ${o.unsupported.join(" / ")}`,
    );
  }
  console.log(lines.join("\n"));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
