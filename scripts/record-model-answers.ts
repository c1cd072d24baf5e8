// Records a real model's answers to the corpus prompts, for the model path's
// corpus test (tests/ai/model-recordings.ts, tests/ai/model-corpus.test.ts).
// Each prompt goes to the model configured by AI_BASE_URL, AI_MODEL and
// AI_API_KEY with the vocabulary of its corpus team (bench/lib/ai-vocabularies.ts
// holds the same names as the seeded teams), exactly as the model interpreter
// sends it; an answer that does not validate is sent back once with its
// problems and the second answer recorded too. Campaign and segment ids are
// written as {{campaign:<name>}} / {{segment:<name>}}, which the test's fake
// turns into the seeded team's ids.
// Prints the recordings as JSON, to replace the list in tests/ai/model-recordings.ts.
// Usage: AI_BASE_URL=... AI_MODEL=... [AI_API_KEY=...] node scripts/record-model-answers.ts [--all]
//   (without --all, only the prompts already in tests/ai/model-recordings.ts)
import { answerJsonSchema, InvalidAnswer, readAnswer } from "#server/ai/model/answer.ts";
import { type ChatMessage, completeChat } from "#server/ai/model/chat-completions.ts";
import { repairMessage, systemMessage } from "#server/ai/model/instructions.ts";
import { modelSettingsFromEnv } from "#server/ai/settings.ts";
import type { Vocabulary } from "#server/ai/types.ts";
import { appVocabulary, saasVocabulary, shopVocabulary } from "../bench/lib/ai-vocabularies.ts";
import { corpusPrompts } from "../bench/lib/corpus-prompts.ts";
import { corpus } from "../tests/ai/corpus.ts";
import { appCorpus } from "../tests/ai/corpus-app.ts";
import { heldOutApp, heldOutSaas, heldOutShop } from "../tests/ai/corpus-held-out.ts";
import { shopCorpus } from "../tests/ai/corpus-shop.ts";
import { type Recording, recordings } from "../tests/ai/model-recordings.ts";

const settings = modelSettingsFromEnv();
if (!settings) throw new Error("Set AI_BASE_URL and AI_MODEL (and AI_API_KEY if the endpoint needs one)");

const vocabularies: Record<Recording["team"], Vocabulary> = {
  saas: saasVocabulary,
  shop: shopVocabulary,
  app: appVocabulary,
};

function promptsOf(team: Recording["team"]): string[] {
  if (!process.argv.includes("--all")) return recordings.filter((r) => r.team === team).map((r) => r.prompt);
  const sets = { saas: [corpus, heldOutSaas], shop: [shopCorpus, heldOutShop], app: [appCorpus, heldOutApp] }[team];
  return corpusPrompts(vocabularies[team], sets);
}

// Ids back to names, so the answers fit any seeded team.
function withNames(content: string, vocabulary: Vocabulary): string {
  let named = content;
  for (const c of vocabulary.campaigns) named = named.replaceAll(c.id, `{{campaign:${c.name}}}`);
  for (const s of vocabulary.segments) named = named.replaceAll(s.id, `{{segment:${s.name}}}`);
  return named;
}

const recorded: Recording[] = [];
for (const team of ["saas", "shop", "app"] as const) {
  const vocabulary = vocabularies[team];
  for (const prompt of promptsOf(team)) {
    const messages: ChatMessage[] = [
      { role: "system", content: systemMessage(vocabulary, new Date()) },
      { role: "user", content: prompt },
    ];
    const first = await completeChat(settings, { messages, schema: answerJsonSchema() });
    const answers = [withNames(first, vocabulary)];
    try {
      readAnswer(first, vocabulary);
    } catch (error) {
      if (!(error instanceof InvalidAnswer)) throw error;
      messages.push({ role: "assistant", content: first }, { role: "user", content: repairMessage(error.problems) });
      answers.push(withNames(await completeChat(settings, { messages, schema: answerJsonSchema() }), vocabulary));
    }
    recorded.push({ team, prompt, answers });
    console.error(`${team}: ${prompt}`);
  }
}
console.log(JSON.stringify(recorded, null, 2));
