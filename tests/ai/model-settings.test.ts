import { describe, expect, test } from "vitest";
import { parseEnv } from "#server/env.ts";
import { modelSettingsFromEnv } from "#server/ai/settings.ts";

describe("AI model settings", () => {
  test("no model without both AI_BASE_URL and AI_MODEL; a half-configured model stops start-up naming what is missing", () => {
    expect(modelSettingsFromEnv({})).toBeNull();
    expect(() => parseEnv({ AI_BASE_URL: "http://localhost:11434/v1" })).toThrow(
      /AI_MODEL: is required with AI_BASE_URL/,
    );
    expect(() => parseEnv({ AI_MODEL: "llama3.1" })).toThrow(/AI_BASE_URL: is required with AI_MODEL/);
    expect(() => parseEnv({ AI_BASE_URL: "ftp://models.example", AI_MODEL: "m" })).toThrow(
      /AI_BASE_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  test("reads the endpoint, model, optional key and timeout", () => {
    expect(modelSettingsFromEnv({ AI_BASE_URL: "http://localhost:11434/v1/", AI_MODEL: "llama3.1" })).toEqual({
      baseUrl: "http://localhost:11434/v1",
      model: "llama3.1",
      apiKey: undefined,
      timeoutMs: 30_000,
    });
    expect(
      modelSettingsFromEnv({
        AI_BASE_URL: "https://api.openai.com/v1",
        AI_MODEL: "gpt-4o-mini",
        AI_API_KEY: "sk-1",
        AI_TIMEOUT_SECONDS: "5",
      }),
    ).toMatchObject({
      apiKey: "sk-1",
      timeoutMs: 5000,
    });
  });
});
