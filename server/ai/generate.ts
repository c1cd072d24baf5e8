import { z } from "zod";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { previewFilter, type SampleContact } from "#server/segments/filter/query.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import { summarizeFilter } from "#server/segments/filter/describe.ts";
import { type InterpretedBy, interpretPrompt } from "./interpret.ts";
import { describeFilterNames } from "./names.ts";
import { requirePromptAllowance } from "./prompt-allowance.ts";
import { refineFilter, refineModeOf } from "./refine.ts";
import type { Choice } from "./types.ts";
import type { ModelSettings } from "./settings.ts";
import { buildVocabulary } from "./vocabulary.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

export const PROMPT_MAX_LENGTH = 1000;

const READINGS_MAX = 10;

export const PromptSchema = z.object({
  prompt: z
    .string({ error: "Describe the audience" })
    .trim()
    .min(1, "Describe the audience")
    .max(PROMPT_MAX_LENGTH, `Keep the description under ${PROMPT_MAX_LENGTH.toLocaleString("en")} characters`),
  /** The filter a follow-up prompt edits ("only the ones in Germany"); absent for a new prompt. */
  filter: z.unknown().optional(),
  /** Readings picked among an earlier answer's choices. */
  readings: z
    .array(z.string().max(100, "A reading is at most 100 characters"), { error: "Expected a list of readings" })
    .max(READINGS_MAX, `At most ${READINGS_MAX} readings`)
    .optional(),
});

export type GeneratedSegment = {
  filter: FilterGroup;
  explanation: string;
  unsupported: string[];
  /** Other readings of the prompt, each with its filter (already joined to the filter refined, if any). */
  choices: Choice[];
  count: number;
  sample: SampleContact[];
  interpreter: InterpretedBy;
  notice: string | null;
};

/**
 * A prompt to a filter over the team's data with its live count and sample.
 * With `filter`, the prompt is a follow-up that edits that filter (refine.ts)
 * rather than starting over; the filter given is checked by the filter schema
 * first, and the team's ids by the preview. Whatever interpreter answered, its
 * tree passes the filter schema again here before the compiler sees it: a
 * filter that does not validate never reaches SQL.
 */
export async function generateSegment(
  db: Database,
  options: {
    teamId: string;
    prompt: string;
    model: ModelSettings | null;
    now?: Date;
    filter?: unknown;
    readings?: string[];
  },
): Promise<GeneratedSegment> {
  const prompt = options.prompt.trim();
  if (!prompt)
    throw new AppError("INVALID", "Describe the audience", { fields: { prompt: ["Describe the audience"] } });
  const current = options.filter === undefined ? null : parseFilter(options.filter);
  const [vocabulary, timeZone] = await Promise.all([
    buildVocabulary(db, { teamId: options.teamId }),
    teamTimeZone(db, options.teamId),
  ]);
  const reading = await interpretPrompt(prompt, vocabulary, {
    model: options.model,
    now: options.now,
    timeZone,
    readings: options.readings,
  });
  const mode = refineModeOf(prompt);
  const edited = (tree: FilterGroup) => (current ? refineFilter(current, tree, mode) : tree);
  const filter = parseFilter(edited(reading.filter));
  const { count, sample } = await previewFilter(db, { teamId: options.teamId, filter });
  const names = describeFilterNames(vocabulary);
  const summary = current
    ? `${summarizeFilter(filter, names)} (${mode === "narrow" ? "narrowed" : "widened"} by "${prompt}")`
    : reading.explanation;
  const explanation = reading.notice ? `${reading.notice} ${summary}` : summary;
  const choices = (reading.choices ?? []).map((choice) => ({ ...choice, filter: edited(choice.filter) }));
  return {
    filter,
    explanation,
    unsupported: reading.unsupported,
    choices,
    count,
    sample,
    interpreter: reading.interpreter,
    notice: reading.notice,
  };
}

/**
 * A person's prompt, as the AI Prompt tab and `POST /api/segments/ai` read it:
 * counted against the person's and the team's prompt allowance first (a refused
 * prompt reaches neither interpreter), then generateSegment.
 */
export async function answerPrompt(
  db: Database,
  options: {
    access: TeamAccess;
    userId: string;
    prompt: string;
    model: ModelSettings | null;
    now?: Date;
    filter?: unknown;
    readings?: string[];
  },
): Promise<GeneratedSegment> {
  // A prompt builds a segment and may cost a model call: it is segment work, not reading.
  authorize(options.access, "segments.write");
  const { access, ...rest } = options;
  const asked = { ...rest, teamId: access.teamId };
  await requirePromptAllowance(db, asked);
  return generateSegment(db, asked);
}
