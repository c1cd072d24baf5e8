import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.ts";
import { builtInInterpreter } from "../../server/ai/builtin/interpreter.ts";
import type { Vocabulary } from "../../server/ai/types.ts";
import { buildVocabulary } from "../../server/ai/vocabulary.ts";
import { parseFilter } from "../../server/segments/filter/parse.ts";
import { filterContacts } from "../../server/segments/filter/query.ts";
import { corpus } from "./corpus.ts";
import { type Seed, seedCorpusTeam } from "./corpus-seed.ts";

// The built-in interpreter over the quality corpus: each prompt's filter is
// validated by the filter schema, run by the compiler in PostgreSQL, and its
// members compared with the corpus's expected members.

let seed: Seed;
let vocabulary: Vocabulary;
beforeAll(async () => {
  seed = await seedCorpusTeam();
  vocabulary = await buildVocabulary(getDb(), { teamId: seed.teamId });
});

type Outcome = { prompt: string; verdict: "exact" | "flagged" | "wrong"; missing: number; extra: number; unsupported: string[]; explanation: string };

describe("the built-in interpreter over the corpus", () => {
  it("is exactly right on at least 90% of prompts and confidently wrong on at most 3%", { timeout: 120_000 }, async () => {
    const cases = corpus(seed);
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const outcomes: Outcome[] = [];
    for (const { prompt, members } of cases) {
      const result = await builtInInterpreter.interpretPrompt(prompt, vocabulary, { now: seed.now });
      const filter = parseFilter(result.filter);
      const rows = await (await filterContacts(getDb(), { teamId: seed.teamId, filter })).select("c.id").execute();
      const got = new Set(rows.map((r) => r.id));
      const want = new Set(seed.contacts.filter(members).map((c) => c.id));
      const missing = [...want].filter((id) => !got.has(id)).length;
      const extra = [...got].filter((id) => !want.has(id)).length;
      const verdict = missing === 0 && extra === 0 ? "exact" : result.unsupported.length > 0 ? "flagged" : "wrong";
      outcomes.push({ prompt, verdict, missing, extra, unsupported: result.unsupported, explanation: result.explanation });
    }

    const share = (verdict: Outcome["verdict"]) => (100 * outcomes.filter((o) => o.verdict === verdict).length) / outcomes.length;
    const figures = { prompts: outcomes.length, exactPercent: round(share("exact")), flaggedPercent: round(share("flagged")), confidentlyWrongPercent: round(share("wrong")) };
    console.log(`Built-in interpreter corpus: ${JSON.stringify(figures)}`);
    for (const o of outcomes.filter((o) => o.verdict !== "exact")) {
      console.log(`  ${o.verdict}: "${o.prompt}" (${o.missing} missing, ${o.extra} extra) ${o.explanation} | unsupported: ${o.unsupported.join(" / ")}`);
    }
    expect(figures.exactPercent).toBeGreaterThanOrEqual(90);
    expect(figures.confidentlyWrongPercent).toBeLessThanOrEqual(3);
  });
});

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
