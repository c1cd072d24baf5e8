import { builtInInterpreter } from "./builtin/interpreter.ts";
import { ModelFailure } from "./model/chat-completions.ts";
import { modelInterpreter } from "./model/interpreter.ts";
import type { ModelSettings } from "./settings.ts";
import type { Interpretation, InterpretOptions, Vocabulary } from "./types.ts";

export type InterpretedBy = "model" | "built-in";

export type PromptReading = Interpretation & {
  interpreter: InterpretedBy;
  /** Why the configured model was not used for this prompt, when it was not. */
  notice: string | null;
};

/**
 * The prompt read by the configured model, or by the built-in interpreter when
 * none is configured. When the model fails (unreachable, too slow, nonsense
 * twice), the built-in interpreter still answers and `notice` says why the
 * model did not: a marketer gets a usable filter and the reason.
 */
export async function interpretPrompt(
  prompt: string,
  vocabulary: Vocabulary,
  options: InterpretOptions & { model: ModelSettings | null },
): Promise<PromptReading> {
  if (options.model) {
    try {
      const reading = await modelInterpreter(options.model).interpretPrompt(prompt, vocabulary, options);
      return { ...reading, interpreter: "model", notice: null };
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      const reading = await builtInInterpreter.interpretPrompt(prompt, vocabulary, options);
      return {
        ...reading,
        interpreter: "built-in",
        notice: `${error.message} The built-in interpreter read the prompt instead.`,
      };
    }
  }
  const reading = await builtInInterpreter.interpretPrompt(prompt, vocabulary, options);
  return { ...reading, interpreter: "built-in", notice: null };
}
