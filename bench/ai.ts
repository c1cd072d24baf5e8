// bench/ai: how long the built-in interpreter takes to answer a prompt, other
// readings included (each one reads the prompt again), over every prompt of
// the quality corpus (tests/ai/corpus*.ts) against its own team's vocabulary,
// and against the largest vocabulary buildVocabulary returns. No database: the
// interpreter reads only the vocabulary. The target is p95 <= 50 ms.
// Prints JSON: milliseconds per answer (p50, p95, p99, max) per vocabulary, with
// the interpreter's word caches warm (a team's vocabulary words are met on
// every prompt) and emptied before each answer (nothing seen before). Each
// answer is timed twice: wall time, and the process's CPU time, which a
// machine busy with other work inflates far less.
// Usage: node bench/ai.ts [--runs 5]
import { interpretWithBuiltIn } from "#server/ai/builtin/interpreter.ts";
import { teamClock } from "#server/ai/builtin/clock.ts";
import { forgetWords } from "#server/ai/builtin/words.ts";
import type { Vocabulary } from "#server/ai/types.ts";
import { corpus, createdDateCorpus } from "../tests/ai/corpus.ts";
import { appCorpus } from "../tests/ai/corpus-app.ts";
import { heldOutApp, heldOutSaas, heldOutShop } from "../tests/ai/corpus-held-out.ts";
import { shopCorpus } from "../tests/ai/corpus-shop.ts";
import { appVocabulary, largestVocabulary, saasVocabulary, shopVocabulary } from "./lib/ai-vocabularies.ts";
import { corpusPrompts } from "./lib/corpus-prompts.ts";

const at = process.argv.indexOf("--runs");
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function time(prompts: string[], vocabulary: Vocabulary, options: { cold: boolean }) {
  const clock = teamClock(new Date());
  // One pass first, so the first timed answers do not pay for loading and compiling the code.
  for (const prompt of prompts) interpretWithBuiltIn(prompt, vocabulary, clock);
  const wall: number[] = [];
  const cpu: number[] = [];
  let slowest = { prompt: "", cpuMs: 0 };
  for (let run = 0; run < RUNS; run++) {
    for (const prompt of prompts) {
      if (options.cold) forgetWords();
      const cpuStarted = process.cpuUsage();
      const started = process.hrtime.bigint();
      interpretWithBuiltIn(prompt, vocabulary, clock);
      wall.push(Number(process.hrtime.bigint() - started) / 1e6);
      const used = process.cpuUsage(cpuStarted);
      const cpuMs = (used.user + used.system) / 1000;
      cpu.push(cpuMs);
      if (cpuMs > slowest.cpuMs) slowest = { prompt, cpuMs };
    }
  }
  const round = (n: number) => Number(n.toFixed(2));
  const figures = (ms: number[]) => {
    ms.sort((a, b) => a - b);
    return {
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      p99: round(percentile(ms, 99)),
      max: round(ms[ms.length - 1]!),
    };
  };
  return {
    prompts: prompts.length,
    answers: wall.length,
    wallMs: figures(wall),
    cpuMs: figures(cpu),
    slowest: { prompt: slowest.prompt, cpuMs: round(slowest.cpuMs) },
  };
}

const saas = corpusPrompts(saasVocabulary, [corpus, createdDateCorpus, heldOutSaas]);
const shop = corpusPrompts(shopVocabulary, [shopCorpus, heldOutShop]);
const app = corpusPrompts(appVocabulary, [appCorpus, heldOutApp]);
const largest = largestVocabulary();
const cpuBefore = process.cpuUsage();
const all = [...saas, ...shop, ...app];
const results = {
  warmWordCaches: {
    saasProduct: time(saas, saasVocabulary, { cold: false }),
    onlineShop: time(shop, shopVocabulary, { cold: false }),
    mobileApp: time(app, appVocabulary, { cold: false }),
    everyPromptWithTheLargestVocabulary: time(all, largest, { cold: false }),
  },
  emptiedWordCaches: {
    saasProduct: time(saas, saasVocabulary, { cold: true }),
    onlineShop: time(shop, shopVocabulary, { cold: true }),
    mobileApp: time(app, appVocabulary, { cold: true }),
    everyPromptWithTheLargestVocabulary: time(all, largest, { cold: true }),
  },
};
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify(
    {
      bench: "ai",
      runs: RUNS,
      targetP95Ms: 50,
      ...results,
      cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
      loadAverage: (await import("node:os")).loadavg().map((n) => Number(n.toFixed(1))),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    },
    null,
    2,
  ),
);
