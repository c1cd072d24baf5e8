import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { AppError } from "../errors.ts";
import { teamTimeZone } from "../events/team-time-zone.ts";
import { parseFilter } from "../segments/filter/parse.ts";
import { previewFilter, type SampleContact } from "../segments/filter/query.ts";
import type { FilterGroup } from "../segments/filter/schema.ts";
import { type InterpretedBy, interpretPrompt } from "./interpret.ts";
import { requirePromptAllowance } from "./prompt-allowance.ts";
import type { ModelSettings } from "./settings.ts";
import { buildVocabulary } from "./vocabulary.ts";

export const PROMPT_MAX_LENGTH = 1000;

export const PromptSchema = z.object({
  prompt: z
    .string({ error: "Describe the audience" })
    .trim()
    .min(1, "Describe the audience")
    .max(PROMPT_MAX_LENGTH, `Keep the description under ${PROMPT_MAX_LENGTH.toLocaleString("en")} characters`),
});

export type GeneratedSegment = {
  filter: FilterGroup;
  explanation: string;
  unsupported: string[];
  count: number;
  sample: SampleContact[];
  interpreter: InterpretedBy;
  notice: string | null;
};

/**
 * A prompt to a filter over the team's data with its live count and sample.
 * Whatever interpreter answered, its tree passes the filter schema again here
 * before the compiler sees it: a filter that does not validate never reaches SQL.
 */
export async function generateSegment(
  db: Database,
  options: { teamId: string; prompt: string; model: ModelSettings | null; now?: Date },
): Promise<GeneratedSegment> {
  const prompt = options.prompt.trim();
  if (!prompt) throw new AppError("INVALID", "Describe the audience", { fields: { prompt: ["Describe the audience"] } });
  const [vocabulary, timeZone] = await Promise.all([buildVocabulary(db, { teamId: options.teamId }), teamTimeZone(db, options.teamId)]);
  const reading = await interpretPrompt(prompt, vocabulary, { model: options.model, now: options.now, timeZone });
  const filter = parseFilter(reading.filter);
  const { count, sample } = await previewFilter(db, { teamId: options.teamId, filter });
  const explanation = reading.notice ? `${reading.notice} ${reading.explanation}` : reading.explanation;
  return { filter, explanation, unsupported: reading.unsupported, count, sample, interpreter: reading.interpreter, notice: reading.notice };
}

/**
 * A person's prompt, as the AI Prompt tab and `POST /api/segments/ai` read it:
 * counted against the person's and the team's prompt allowance first (a refused
 * prompt reaches neither interpreter), then generateSegment.
 */
export async function answerPrompt(
  db: Database,
  options: { teamId: string; userId: string; prompt: string; model: ModelSettings | null; now?: Date },
): Promise<GeneratedSegment> {
  await requirePromptAllowance(db, options);
  return generateSegment(db, options);
}
