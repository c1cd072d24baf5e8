import type { ModelSettings } from "#server/ai/settings.ts";

/*
 * One call to an OpenAI-compatible chat-completions endpoint: POST
 * {base}/chat/completions with the messages and a JSON Schema response format,
 * answered by choices[0].message.content. Every way it can fail becomes a
 * ModelFailure whose message a marketer can act on (or pass to whoever runs
 * the install): unreachable, too slow, refused, or not a chat completion.
 */

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export class ModelFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelFailure";
  }
}

// Enough for any filter a prompt describes; a cut-off answer is reported as such.
const MAX_ANSWER_TOKENS = 4000;
const MAX_ERROR_TEXT = 200;

export async function completeChat(
  settings: ModelSettings,
  request: { messages: ChatMessage[]; schema: Record<string, unknown> },
): Promise<string> {
  const host = new URL(settings.baseUrl).host;
  const seconds = Math.round(settings.timeoutMs / 1000);
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
  const body = JSON.stringify({
    model: settings.model,
    messages: request.messages,
    temperature: 0,
    max_tokens: MAX_ANSWER_TOKENS,
    response_format: {
      type: "json_schema",
      json_schema: { name: "segment_filter", strict: false, schema: request.schema },
    },
  });

  let response: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(settings.timeoutMs);
    response = await fetch(`${settings.baseUrl}/chat/completions`, { method: "POST", headers, body, signal });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new ModelFailure(`The AI model at ${host} did not answer within ${seconds} seconds.`);
    }
    throw new ModelFailure(`The AI model at ${host} could not be reached (${networkReason(error)}).`);
  }

  if (!response.ok) {
    const detail = errorMessage(text);
    throw new ModelFailure(
      `The AI model at ${host} refused the request (HTTP ${response.status}${detail ? `: ${detail}` : ""}).`,
    );
  }
  const choice = firstChoice(text);
  if (!choice) throw new ModelFailure(`The AI model at ${host} answered something that is not a chat completion.`);
  if (typeof choice.message?.refusal === "string" && choice.message.refusal) {
    throw new ModelFailure(`The AI model declined: ${choice.message.refusal.slice(0, MAX_ERROR_TEXT)}`);
  }
  const content = choice.message?.content;
  if (choice.finish_reason === "length")
    throw new ModelFailure("The AI model's answer was cut off before it was complete.");
  if (typeof content !== "string" || content.trim() === "")
    throw new ModelFailure(`The AI model at ${host} gave an empty answer.`);
  return content;
}

type Choice = { finish_reason?: string; message?: { content?: unknown; refusal?: unknown } };

function firstChoice(text: string): Choice | undefined {
  try {
    const parsed = JSON.parse(text) as { choices?: unknown };
    const choice = Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
    return typeof choice === "object" && choice !== null ? (choice as Choice) : undefined;
  } catch {
    return undefined;
  }
}

// OpenAI-style servers answer errors as { error: { message } }; others as text.
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === "string") return message.slice(0, MAX_ERROR_TEXT);
  } catch {
    // not JSON: fall through to the text itself
  }
  return text.trim().slice(0, MAX_ERROR_TEXT);
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND" || cause?.code === "EAI_AGAIN") return "host not found";
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : "network error";
}
