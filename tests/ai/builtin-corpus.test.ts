import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/database.ts";
import { builtInInterpreter } from "#server/ai/builtin/interpreter.ts";
import type { Vocabulary } from "#server/ai/types.ts";
import { buildVocabulary } from "#server/ai/vocabulary.ts";
import { type CorpusCase, corpus, createdDateCorpus } from "./corpus.ts";
import { appCorpus } from "./corpus-app.ts";
import { heldOutApp, heldOutSaas, heldOutShop } from "./corpus-held-out.ts";
import { figuresOf, type Outcome, report, runCase } from "./corpus-run.ts";
import { type Seed, seedCorpusTeam } from "./corpus-seed.ts";
import { seedAppTeam } from "./corpus-seed-app.ts";
import { seedShopTeam } from "./corpus-seed-shop.ts";
import { shopCorpus } from "./corpus-shop.ts";

// The built-in interpreter over the quality corpus: three teams' vocabularies
// (a SaaS product, an online shop, a mobile app), each prompt scored by the
// members its filter selects in PostgreSQL against the members the corpus
// computes from the seeded facts (corpus-run.ts). Scoring (corpus-verdict.ts):
// a wrong answer is "flagged" only when its unsupported list quotes the
// prompt's words (the case's hinge words, when it names them); any other wrong
// answer is confidently wrong. The held-out fifth (corpus-held-out.ts) is
// never tuned on and is held to the targets on its own.

let seed: Seed;
let importsOnly: Seed;
let shop: Seed;
let app: Seed;
const vocabularies = new Map<string, Vocabulary>();
// The teams' clock: a Wednesday afternoon in the middle of a month. Seeded at the real time,
// "signed up this week" held nobody in the first minutes of a Monday, and the interpreter's
// figures fell below their targets; the windows are read at this moment instead.
const SEEDED_AT = new Date("2026-11-25T15:00:00Z");
beforeAll(async () => {
  seed = await seedCorpusTeam({ now: SEEDED_AT });
  importsOnly = await seedCorpusTeam({ signUpEvents: false, now: SEEDED_AT });
  shop = await seedShopTeam({ now: SEEDED_AT });
  app = await seedAppTeam({ now: SEEDED_AT });
  for (const team of [seed, importsOnly, shop, app])
    vocabularies.set(team.teamId, await buildVocabulary(getDb(), { teamId: team.teamId }));
}, 60_000);

// The targets on the held-out fifth: at least 95% exact and at most 1%
// confidently wrong. The tuned prompts are held to the rates they reach
// (exact rounded down), so a change that makes them worse fails too.
const HELD_OUT = { exactPercent: 95, confidentlyWrongPercent: 1 };
const TUNED = { exactPercent: 98, confidentlyWrongPercent: 1 };

type Run = [group: string, team: Seed, cases: CorpusCase[]];

const tuned = (): Run[] => [
  ["SaaS product", seed, corpus(seed)],
  ["SaaS product (imported contacts)", importsOnly, createdDateCorpus(importsOnly)],
  ["online shop", shop, shopCorpus(shop)],
  ["mobile app", app, appCorpus(app)],
];
const heldOut = (): Run[] => [
  ["SaaS product", seed, heldOutSaas(seed)],
  ["online shop", shop, heldOutShop(shop)],
  ["mobile app", app, heldOutApp(app)],
];

async function run(runs: Run[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [group, team, cases] of runs) {
    for (const corpusCase of cases)
      outcomes.push(await runCase(builtInInterpreter, team, vocabularies.get(team.teamId)!, corpusCase, group));
  }
  return outcomes;
}

const count = (runs: Run[]) => runs.reduce((n, [, , cases]) => n + cases.length, 0);
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
    const scanned = seed.contacts.filter(
      (c) =>
        c.engagement.some((e) => e.kind.startsWith("bot_")) && !c.engagement.some((e) => !e.kind.startsWith("bot_")),
    );
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

describe("the corpus", () => {
  it("has at least 400 prompts over three vocabularies, a fifth of them held out", () => {
    const all = count(tuned()) + count(heldOut());
    expect(all).toBeGreaterThanOrEqual(400);
    expect(count(heldOut())).toBeGreaterThanOrEqual(all / 5);
    for (const [group, , cases] of heldOut())
      expect({ group, prompts: cases.length >= 25 }).toEqual({ group, prompts: true });
  });

  it("has no prompt twice within one vocabulary, held-out ones included", () => {
    for (const group of ["SaaS product", "online shop", "mobile app"]) {
      const prompts = [...tuned(), ...heldOut()]
        .filter(([g]) => g === group)
        .flatMap(([, , cases]) => cases.map((c) => c.prompt.toLowerCase()));
      expect(prompts.filter((p, i) => prompts.indexOf(p) !== i)).toEqual([]);
    }
  });
});

describe("the built-in interpreter over the corpus", () => {
  it(
    `is exact on at least ${HELD_OUT.exactPercent}% of the held-out fifth and confidently wrong on at most ${HELD_OUT.confidentlyWrongPercent}%`,
    { timeout: 120_000 },
    async () => {
      const outcomes = await run(heldOut());
      report("Built-in interpreter, held-out fifth", outcomes);
      const figures = figuresOf(outcomes);
      expect(figures.exactPercent).toBeGreaterThanOrEqual(HELD_OUT.exactPercent);
      expect(figures.confidentlyWrongPercent).toBeLessThanOrEqual(HELD_OUT.confidentlyWrongPercent);
    },
  );

  it(
    `is exact on at least ${TUNED.exactPercent}% of the tuned prompts and confidently wrong on at most ${TUNED.confidentlyWrongPercent}%`,
    { timeout: 120_000 },
    async () => {
      const outcomes = await run(tuned());
      report("Built-in interpreter, tuned corpus", outcomes);
      const figures = figuresOf(outcomes);
      expect(figures.exactPercent).toBeGreaterThanOrEqual(TUNED.exactPercent);
      expect(figures.confidentlyWrongPercent).toBeLessThanOrEqual(TUNED.confidentlyWrongPercent);
    },
  );
});
