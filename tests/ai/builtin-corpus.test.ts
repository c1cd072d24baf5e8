import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.ts";
import { builtInInterpreter } from "../../server/ai/builtin/interpreter.ts";
import type { Vocabulary } from "../../server/ai/types.ts";
import { buildVocabulary } from "../../server/ai/vocabulary.ts";
import { parseFilter } from "../../server/segments/filter/parse.ts";
import { filterContacts } from "../../server/segments/filter/query.ts";
import { type CorpusCase, corpus, createdDateCorpus } from "./corpus.ts";
import { type Seed, seedCorpusTeam } from "./corpus-seed.ts";
import { scoreAnswer, type Verdict } from "./corpus-verdict.ts";

// The built-in interpreter over the quality corpus: each prompt's filter is
// validated by the filter schema, run by the compiler in PostgreSQL, and its
// members compared with the corpus's expected members, which are computed
// from the seeded facts by the corpus's own predicates, never by a filter.
// Scoring (corpus-verdict.ts): a wrong answer is "flagged" only when its
// unsupported list quotes the prompt's words (the case's hinge words, when it
// names them); any other wrong answer is confidently wrong.

let seed: Seed;
let importsOnly: Seed;
const vocabularies = new Map<string, Vocabulary>();
beforeAll(async () => {
  seed = await seedCorpusTeam();
  importsOnly = await seedCorpusTeam({ signUpEvents: false });
  for (const team of [seed, importsOnly]) vocabularies.set(team.teamId, await buildVocabulary(getDb(), { teamId: team.teamId }));
});

type Outcome = { prompt: string; verdict: Verdict; missing: number; extra: number; unsupported: string[]; explanation: string };

async function membersOf(team: Seed, corpusCase: CorpusCase) {
  const result = await builtInInterpreter.interpretPrompt(corpusCase.prompt, vocabularies.get(team.teamId)!, { now: team.now });
  const filter = parseFilter(result.filter);
  const rows = await (await filterContacts(getDb(), { teamId: team.teamId, filter })).select("c.id").execute();
  return { result, got: new Set(rows.map((r) => r.id)) };
}

const ENGAGEMENT = /\b(open|opened|click|clicked|clicks|engaged)\b/i;

describe("the corpus's expected members", () => {
  it("are neither nobody nor everyone for a prompt about opens and clicks", () => {
    const engagement = corpus(seed).filter((c) => ENGAGEMENT.test(c.prompt));
    expect(engagement.length).toBeGreaterThanOrEqual(5);
    for (const { prompt, members } of engagement) {
      const n = seed.contacts.filter(members).length;
      expect({ prompt, nonTrivial: n > 0 && n < seed.contacts.length }).toEqual({ prompt, nonTrivial: true });
    }
  });

  it("leave machine opens and clicks out", () => {
    const scanned = seed.contacts.filter((c) => c.engagement.some((e) => e.kind.startsWith("bot_")) && !c.engagement.some((e) => !e.kind.startsWith("bot_")));
    expect(scanned.length).toBeGreaterThan(0);
    const opened = corpus(seed).find((c) => c.prompt === "opened the last campaign")!;
    const scannedLast = scanned.filter((c) => c.engagement.some((e) => e.campaign === "November Newsletter"));
    expect(scannedLast.length).toBeGreaterThan(0);
    for (const contact of scannedLast) expect(opened.members(contact)).toBe(false);
  });

  it("are neither nobody nor everyone for signed up read as the created date", () => {
    for (const { prompt, members } of createdDateCorpus(importsOnly)) {
      const n = importsOnly.contacts.filter(members).length;
      expect({ prompt, nonTrivial: n > 0 && n < importsOnly.contacts.length }).toEqual({ prompt, nonTrivial: true });
    }
  });
});

describe("the built-in interpreter over the corpus", () => {
  it("is exactly right on at least 90% of prompts and confidently wrong on at most 3%", { timeout: 120_000 }, async () => {
    const cases = [...corpus(seed).map((c) => [seed, c] as const), ...createdDateCorpus(importsOnly).map((c) => [importsOnly, c] as const)];
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const outcomes: Outcome[] = [];
    for (const [team, corpusCase] of cases) {
      const { result, got } = await membersOf(team, corpusCase);
      const want = new Set(team.contacts.filter(corpusCase.members).map((c) => c.id));
      const missing = [...want].filter((id) => !got.has(id)).length;
      const extra = [...got].filter((id) => !want.has(id)).length;
      const verdict = scoreAnswer(corpusCase, { missing, extra, unsupported: result.unsupported });
      outcomes.push({ prompt: corpusCase.prompt, verdict, missing, extra, unsupported: result.unsupported, explanation: result.explanation });
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
