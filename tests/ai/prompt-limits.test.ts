import { afterEach, describe, expect, test, vi } from "vitest";
import { action as generateApi } from "#app/routes/api/segments-ai.ts";
import { loader as aiPage } from "#app/routes/dashboard/segments-ai.tsx";
import { getDb } from "#db/database.ts";
import { PROMPTS_PER_TEAM, PROMPTS_PER_USER } from "#server/ai/prompt-allowance.ts";
import { countHits } from "#server/rate-limits/counters.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

// Reading prompts costs CPU (built-in interpreter) or money (a model): each
// person gets 30 a minute and each team 100, on the page and in the API alike.

const LIMITED = /^Too many AI prompts\. Please wait (\d+ seconds?|1 minute) and try again\.$/;

afterEach(() => {
  vi.useRealTimers();
});

async function postPrompt(token: string, prompt = "pro users") {
  const response = await respond(() =>
    generateApi(routeArgs(jsonRequest("/api/segments/ai", { prompt }, { headers: bearer(token) }))),
  );
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

async function openPromptPage(token: string, prompt = "pro users") {
  return serveDashboard(
    aiPage,
    getRequest(`/dashboard/segments/ai?${new URLSearchParams({ prompt })}`, {
      Cookie: await sessionCookieHeader(token),
    }),
  );
}

describe("the AI prompt allowance", () => {
  test("the 31st prompt of a minute is a 429 with Retry-After; another person is unaffected; the next minute is open again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // The start of a minute, so all 31 prompts fall in one window.
    vi.setSystemTime(new Date("2031-03-04T10:00:00Z"));
    const eager = await createSignedInUser();
    const other = await createSignedInUser();
    for (let i = 0; i < 30; i++) expect((await postPrompt(eager.token)).status).toBe(200);

    const refused = await postPrompt(eager.token);

    expect(refused.status).toBe(429);
    // The clock stands at the minute's start, so the whole minute is left to wait.
    expect(refused.body).toEqual({ message: "Too many AI prompts. Please wait 1 minute and try again." });
    expect(refused.retryAfter).toBe("60");
    expect((await postPrompt(other.token)).status).toBe(200);

    vi.setSystemTime(Date.now() + Number(refused.retryAfter) * 1000);
    const nextMinute = await postPrompt(eager.token);
    expect(nextMinute.status).toBe(200);
    expect(nextMinute.body.interpreter).toBe("built-in");
  });

  test("a team past 100 prompts a minute is refused whoever asks; other teams are not", async () => {
    const member = await createSignedInUser();
    const other = await createSignedInUser();
    // The team's other members' prompts, counted as the routes count them.
    await countHits(getDb(), [{ rule: PROMPTS_PER_TEAM, key: member.teamId, amount: 100 }]);

    const refused = await postPrompt(member.token);

    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LIMITED);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect((await postPrompt(other.token)).status).toBe(200);
  });

  test("on the AI Prompt tab, past the allowance the prompt field says to wait, with a 429 and Retry-After", async () => {
    const user = await createSignedInUser();
    await countHits(getDb(), [{ rule: PROMPTS_PER_USER, key: user.userId, amount: 30 }]);

    const response = await openPromptPage(user.token);

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { result } = await response.json();
    expect(result).toMatchObject({ prompt: "pro users", error: expect.stringMatching(LIMITED) });
    const other = await createSignedInUser();
    const answered = await openPromptPage(other.token);
    expect(answered.status).toBe(200);
    expect((await answered.json()).result.error).toBeNull();
  });

  test("a prompt that does not validate is answered without counting", async () => {
    const user = await createSignedInUser();
    await countHits(getDb(), [{ rule: PROMPTS_PER_USER, key: user.userId, amount: 30 }]);

    expect(await postPrompt(user.token, "   ")).toMatchObject({
      status: 400,
      body: { fields: { prompt: ["Describe the audience"] } },
    });
  });
});
