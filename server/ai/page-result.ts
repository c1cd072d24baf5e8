import type { Database } from "../../db/database.ts";
import { isAppError } from "../errors.ts";
import { describeFilter, type DescribedGroup } from "../segments/filter/describe.ts";
import { draftFromFilter } from "../segments/filter/form.ts";
import { generateSegment, PromptSchema } from "./generate.ts";
import { describeFilterNames } from "./names.ts";
import { modelSettingsFromEnv } from "./settings.ts";
import { buildVocabulary } from "./vocabulary.ts";

/** What the AI Prompt tab shows for a prompt: the result in plain words, or why there is none. */
export type PromptPanelResult =
  | { prompt: string; error: string }
  | {
      prompt: string;
      error: null;
      filterJson: string;
      described: DescribedGroup;
      draft: ReturnType<typeof draftFromFilter>;
      explanation: string;
      unsupported: string[];
      notice: string | null;
      count: number;
      sample: { id: string; name: string | null; email: string | null; phone: string | null }[];
    };

export async function promptPanelResult(db: Database, options: { teamId: string; prompt: string }): Promise<PromptPanelResult> {
  const parsed = PromptSchema.safeParse({ prompt: options.prompt });
  if (!parsed.success) return { prompt: options.prompt, error: parsed.error.issues[0]!.message };
  try {
    const result = await generateSegment(db, { teamId: options.teamId, prompt: parsed.data.prompt, model: modelSettingsFromEnv() });
    const names = describeFilterNames(await buildVocabulary(db, { teamId: options.teamId }));
    return {
      prompt: parsed.data.prompt,
      error: null,
      filterJson: JSON.stringify(result.filter),
      described: describeFilter(result.filter, names),
      draft: draftFromFilter(result.filter),
      explanation: result.explanation,
      unsupported: result.unsupported,
      notice: result.notice,
      count: result.count,
      sample: result.sample.map(({ id, name, email, phone }) => ({ id, name, email, phone })),
    };
  } catch (error) {
    if (isAppError(error)) return { prompt: options.prompt, error: error.message };
    throw error;
  }
}
