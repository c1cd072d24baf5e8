import { parseEnv } from "#server/env.ts";

/** How to reach an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM...). */
export type ModelSettings = {
  /** Base URL the API paths hang from, such as https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
};

/** Long enough for a local model on a modest machine, short enough that a dead endpoint is noticed. */
export const DEFAULT_MODEL_TIMEOUT_SECONDS = 30;

/**
 * The model the AI Prompt tab asks, when AI_BASE_URL and AI_MODEL are both set;
 * null means the built-in interpreter alone. Read per request (the environment
 * was checked at start-up) so tests can point it at a local fake.
 */
export function modelSettingsFromEnv(source: Record<string, string | undefined> = process.env): ModelSettings | null {
  const env = parseEnv(source);
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return {
    baseUrl: env.AI_BASE_URL.replace(/\/+$/, ""),
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY || undefined,
    timeoutMs: (env.AI_TIMEOUT_SECONDS ?? DEFAULT_MODEL_TIMEOUT_SECONDS) * 1000,
  };
}
