import type { Database } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { describeFilter, type DescribedGroup, summarizeFilter } from "#server/segments/filter/describe.ts";
import { draftFromFilter } from "#server/segments/filter/form.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { previewFilter } from "#server/segments/filter/query.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import { answerPrompt, PromptSchema } from "./generate.ts";
import { describeFilterNames } from "./names.ts";
import { modelSettingsFromEnv } from "./settings.ts";
import { buildVocabulary } from "./vocabulary.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";

/** What the AI Prompt tab shows for a prompt: the result in plain words, or why there is none. */
export type PromptPanelResult =
  | { prompt: string; error: string; retryAfterSeconds?: number }
  | {
      prompt: string;
      error: null;
      filterJson: string;
      described: DescribedGroup;
      draft: ReturnType<typeof draftFromFilter>;
      explanation: string;
      unsupported: string[];
      /** Other readings of the prompt (or follow-up), each a link away. */
      choices: { label: string; readings: string[] }[];
      /** The follow-up this result answers, with the filter it edited, to read it another way. */
      followUp: FollowUp | null;
      /** Every follow-up said so far, oldest first. */
      refinements: string[];
      notice: string | null;
      count: number;
      sample: { id: string; name: string | null; email: string | null; phone: string | null }[];
    };

/**
 * A follow-up prompt and what it edits: the filter shown before it, the follow-ups said before that and what they did
 * not understand.
 */
export type FollowUp = { text: string; filterJson: string; earlier: string[]; unsupported: string[] };

/**
 * The prompt read by the interpreter, with the filter's live count and
 * sample; with `followUp`, that follow-up read and joined to the filter shown
 * before it (refine.ts). `readings` picks among the choices offered.
 */
export async function promptPanelResult(
  db: Database,
  options: { access: TeamAccess; userId: string; prompt: string; readings?: string[]; followUp?: FollowUp },
): Promise<PromptPanelResult> {
  const { followUp } = options;
  const parsed = PromptSchema.safeParse({
    prompt: followUp ? followUp.text : options.prompt,
    readings: options.readings?.slice(0, 10),
  });
  if (!parsed.success) return { prompt: options.prompt, error: parsed.error.issues[0]!.message };
  try {
    const result = await answerPrompt(db, {
      access: options.access,
      userId: options.userId,
      prompt: parsed.data.prompt,
      // Text that is not JSON stays text, which the filter schema refuses with a message.
      filter: followUp ? (parseJson(followUp.filterJson) ?? followUp.filterJson) : undefined,
      readings: parsed.data.readings,
      model: modelSettingsFromEnv(),
    });
    const names = describeFilterNames(await buildVocabulary(db, { teamId: options.access.teamId }));
    const earlier = followUp ? followUp.unsupported.map((s) => s.slice(0, 500)).slice(0, SHOWN_UNSUPPORTED_MAX) : [];
    const unsupported = [...new Set([...earlier, ...result.unsupported])].slice(0, SHOWN_UNSUPPORTED_MAX);
    return {
      ...panelOf(result.filter, names, { ...result, unsupported }),
      prompt: options.prompt,
      choices: result.choices.map(({ label, readings }) => ({ label, readings })),
      followUp: followUp ?? null,
      refinements: followUp ? [...followUp.earlier.slice(0, SHOWN_UNSUPPORTED_MAX), parsed.data.prompt] : [],
    };
  } catch (error) {
    if (isAppError(error)) {
      const message = followUp ? `The follow-up could not be used. ${error.message}` : error.message;
      return { prompt: options.prompt, error: message, retryAfterSeconds: error.retryAfterSeconds };
    }
    throw error;
  }
}

const SHOWN_UNSUPPORTED_MAX = 50;

/**
 * The result as it was shown, for the create dialog: the filter the page
 * carried (`filterJson`) is checked by the filter schema and against the
 * team's own segment and campaign ids, then counted again; the prompt is not
 * read a second time, so what is saved is what was shown (and a configured
 * model is not asked again). A filter that does not pass says why.
 */
export async function shownPanelResult(
  db: Database,
  options: { teamId: string; prompt: string; filterJson: string; unsupported: string[] },
): Promise<PromptPanelResult> {
  try {
    const filter = parseFilter(parseJson(options.filterJson));
    const names = describeFilterNames(await buildVocabulary(db, { teamId: options.teamId }));
    const unsupported = options.unsupported.map((s) => s.slice(0, 500)).slice(0, SHOWN_UNSUPPORTED_MAX);
    const preview = await previewFilter(db, { teamId: options.teamId, filter });
    return {
      ...panelOf(filter, names, { ...preview, unsupported, notice: null, explanation: summarizeFilter(filter, names) }),
      prompt: options.prompt,
      choices: [],
      followUp: null,
      refinements: [],
    };
  } catch (error) {
    if (isAppError(error))
      return {
        prompt: options.prompt,
        error: `The filter to save could not be used. ${error.message.replace(/\.$/, "")}. Generate it again.`,
      };
    throw error;
  }
}

function panelOf(
  filter: FilterGroup,
  names: ReturnType<typeof describeFilterNames>,
  result: {
    explanation: string;
    unsupported: string[];
    notice: string | null;
    count: number;
    sample: { id: string; name: string | null; email: string | null; phone: string | null }[];
  },
) {
  return {
    error: null,
    filterJson: JSON.stringify(filter),
    described: describeFilter(filter, names),
    draft: draftFromFilter(filter),
    explanation: result.explanation,
    unsupported: result.unsupported,
    notice: result.notice,
    count: result.count,
    sample: result.sample.map(({ id, name, email, phone }) => ({ id, name, email, phone })),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
