/** The name the create dialog suggests for a segment saved from a prompt, as the spec says. */
export const AI_SEGMENT_NAME = "AI Generated Segment";

export const AI_PROMPT_ROUTE_ID = "routes/dashboard/segments-ai";

/** The AI Prompt tab showing the result for a prompt (and, with save, its create dialog). */
export function aiPromptPath(prompt: string, extra: Record<string, string> = {}): string {
  return `/dashboard/segments/ai?${new URLSearchParams({ prompt, ...extra })}`;
}

/**
 * The create dialog over the result that was shown: the filter and what was
 * not understood travel in the URL, so the dialog saves that filter rather
 * than reading the prompt again.
 */
export function aiSavePath(result: { prompt: string; filterJson: string; unsupported: string[] }): string {
  return `/dashboard/segments/ai?${new URLSearchParams(aiSaveFields(result))}`;
}

/** The same as form fields, for the GET form behind 'Save Segment'. */
export function aiSaveFields(result: {
  prompt: string;
  filterJson: string;
  unsupported: string[];
}): [string, string][] {
  return [
    ["prompt", result.prompt],
    ["save", "1"],
    ["filter", result.filterJson],
    ...result.unsupported.map((part): [string, string] => ["unsupported", part]),
  ];
}

type Shown = { prompt: string; filterJson: string; unsupported: string[]; refinements: string[] };
type Answered = {
  prompt: string;
  followUp: { text: string; filterJson: string; earlier: string[]; unsupported: string[] } | null;
};

/**
 * The fields of the 'Refine' GET form: the filter shown (which the follow-up
 * edits), the follow-ups said so far and what was not understood, so the next
 * result keeps all of it without reading any earlier prompt again.
 */
export function aiRefineFields(result: Shown): [string, string][] {
  return [
    ["prompt", result.prompt],
    ["filter", result.filterJson],
    ...result.refinements.map((text): [string, string] => ["said", text]),
    ...result.unsupported.map((part): [string, string] => ["unsupported", part]),
  ];
}

/** The same prompt (or follow-up, on the same filter) read another way: one of the choices offered. */
export function aiChoicePath(result: Answered, readings: string[]): string {
  const fields: [string, string][] = [["prompt", result.prompt]];
  const followUp = result.followUp;
  if (followUp) {
    fields.push(["refine", followUp.text], ["filter", followUp.filterJson]);
    fields.push(
      ...followUp.earlier.map((text): [string, string] => ["said", text]),
      ...followUp.unsupported.map((part): [string, string] => ["unsupported", part]),
    );
  }
  fields.push(...readings.map((reading): [string, string] => ["reading", reading]));
  return `/dashboard/segments/ai?${new URLSearchParams(fields)}`;
}
