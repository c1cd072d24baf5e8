/** The name the create dialog suggests for a segment saved from a prompt, as the spec says. */
export const AI_SEGMENT_NAME = "AI Generated Segment";

export const AI_PROMPT_ROUTE_ID = "routes/dashboard/segments-ai";

/** The AI Prompt tab showing the result for a prompt (and, with save, its create dialog). */
export function aiPromptPath(prompt: string, extra: Record<string, string> = {}): string {
  return `/dashboard/segments/ai?${new URLSearchParams({ prompt, ...extra })}`;
}
