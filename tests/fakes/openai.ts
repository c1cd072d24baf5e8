import { type FakeResponse, startHttpFake } from "./http-fake.ts";

/*
 * A local stand-in for an OpenAI-compatible chat-completions endpoint: the
 * request arrives as Murmur sends it over HTTP, and answers use the wire format
 * of POST /v1/chat/completions (an object "chat.completion" with choices).
 */

export function chatCompletion(content: string, finishReason = "stop"): FakeResponse {
  return {
    status: 200,
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "fake-model",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, refusal: null },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    },
  };
}

export function openAiError(status: number, message: string): FakeResponse {
  return { status, body: { error: { message, type: "invalid_request_error", param: null, code: null } } };
}

export type ChatRequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
};

/** A fake model that answers every request with `answer(body)` unless a response is queued. */
export async function startFakeModel(answer: (body: ChatRequestBody) => FakeResponse = () => chatCompletion("{}")) {
  const fake = await startHttpFake((request) => answer(JSON.parse(request.body) as ChatRequestBody));
  return {
    ...fake,
    baseUrl: `${fake.url}/v1`,
    bodies: () => fake.requests.map((r) => JSON.parse(r.body) as ChatRequestBody),
  };
}
