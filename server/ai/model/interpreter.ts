import { describeFilterNames } from "#server/ai/names.ts";
import type { ModelSettings } from "#server/ai/settings.ts";
import type { Interpreter } from "#server/ai/types.ts";
import { summarizeFilter } from "#server/segments/filter/describe.ts";
import { answerJsonSchema, InvalidAnswer, readAnswer } from "./answer.ts";
import { type ChatMessage, completeChat, ModelFailure } from "./chat-completions.ts";
import { repairMessage, systemMessage } from "./instructions.ts";

/**
 * The interpreter backed by an OpenAI-compatible model. The model sees the
 * filter schema, the vocabulary and the prompt; its answer must pass the same
 * filter schema as a hand-built tree and name only the team's own events,
 * properties, attributes, campaigns and segments. An answer that does not is
 * sent back once with the problems. On the second answer, a condition naming an
 * event, property or attribute the team does not have is left out and reported
 * in `unsupported`; any other problem is a ModelFailure, like an endpoint
 * that cannot be reached. The explanation is written from the tree, not taken
 * from the model, so it always says what the filter really does.
 */
export function modelInterpreter(settings: ModelSettings): Interpreter {
  return {
    name: `model ${settings.model}`,
    async interpretPrompt(prompt, vocabulary, options = {}) {
      const schema = answerJsonSchema();
      const messages: ChatMessage[] = [
        { role: "system", content: systemMessage(vocabulary, options.now ?? new Date(), options.timeZone) },
        { role: "user", content: prompt },
      ];
      let answer;
      const first = await completeChat(settings, { messages, schema });
      try {
        answer = readAnswer(first, vocabulary);
      } catch (error) {
        if (!(error instanceof InvalidAnswer)) throw error;
        messages.push({ role: "assistant", content: first }, { role: "user", content: repairMessage(error.problems) });
        const second = await completeChat(settings, { messages, schema });
        try {
          answer = readAnswer(second, vocabulary, { final: true });
        } catch (again) {
          if (!(again instanceof InvalidAnswer)) throw again;
          throw new ModelFailure(
            `The AI model's answer was not a valid filter, even after one correction (${again.problems.slice(0, 3).join("; ")}).`,
          );
        }
      }
      return {
        filter: answer.filter,
        explanation: summarizeFilter(answer.filter, describeFilterNames(vocabulary)),
        unsupported: answer.unsupported,
      };
    },
  };
}
