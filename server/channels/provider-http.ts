import type { SendOutcome } from "./types.ts";

// What the HTTP providers (Twilio, WhatsApp Cloud API) have in common: a request
// with a deadline, and the rules that tell a pause from a refusal.

export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Requests to one provider open at once per chunk: enough to keep a rate going, few enough that a crash leaves little
 * unknown.
 */
export const PROVIDER_REQUESTS_IN_FLIGHT = 10;

export type ProviderAnswer = { status: number; headers: Headers; body: unknown };

/**
 * Sends one request; returns the answer with its JSON body (null when it is not
 * JSON), or a transient failure when the provider could not be reached in time.
 * Redirects are never followed: a provider API does not redirect, and following
 * one would send the request, credentials included, wherever the answer says.
 * A 3xx comes back as it is, for the sender to report as unexpected.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer | Extract<SendOutcome, { status: "failed" }>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const reason = timedOut
      ? `${provider} did not answer within ${timeoutMs / 1000} s.`
      : `${provider} could not be reached: ${describeNetworkError(error)}`;
    return { status: "failed", permanent: false, reason };
  }
  return { status: response.status, headers: response.headers, body: parseJson(text) };
}

/** A provider's error page may be HTML: then there is no body to read codes from. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/** What the team sees when the answer is not the provider's own error: its status, never its body. */
export function unexpectedResponse(provider: string, status: number): string {
  return `Unexpected response from ${provider} (HTTP ${status})`;
}

const MAX_WORDS = 300;

/**
 * A provider's message from its documented error body, as shown to the team: one
 * line of printable text, bounded, so even a long or odd answer stays a short reason.
 */
export function providerWords(text: string): string {
  // Control characters (newlines, escapes) would break the one line a reason is shown on.
  const line = [...text]
    .map((char) => (char < " " || char === "\u007f" ? " " : char))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  return line.length > MAX_WORDS ? `${line.slice(0, MAX_WORDS - 1)}…` : line;
}

/** HTTP 429 and 5xx mean "later"; other 4xx mean "never, as sent". */
export function isTransientStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("Retry-After")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A provider's answer that did not send the message, as an outcome: HTTP 429 and 5xx,
 * an answer below 400 without a message id (a redirect, an odd 2xx) and whatever the
 * provider's own error code says is temporary (`transientCode`) are retried, honouring
 * Retry-After; any other 4xx is permanent.
 */
export function failedAnswer(answer: ProviderAnswer, reason: string, transientCode = false): SendOutcome {
  if (isTransientStatus(answer.status) || transientCode || answer.status < 400)
    return { status: "failed", permanent: false, reason, retryAfterMs: retryAfterMs(answer.headers) };
  return { status: "failed", permanent: true, reason };
}
