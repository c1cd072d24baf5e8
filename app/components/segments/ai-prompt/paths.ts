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
export function aiSaveFields(result: { prompt: string; filterJson: string; unsupported: string[] }): [string, string][] {
  return [["prompt", result.prompt], ["save", "1"], ["filter", result.filterJson], ...result.unsupported.map((part): [string, string] => ["unsupported", part])];
}
