import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { action } from "#app/routes/api/segments-ai.ts";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { createSignedInUser } from "../factories.ts";
import { chatCompletion, openAiError, startFakeModel } from "../fakes/openai.ts";
import { bearer, jsonRequest } from "../requests.ts";
import { type Seed, seedCorpusTeam } from "./corpus-seed.ts";
import { respond, routeArgs } from "../serve-route.ts";

// POST /api/segments/ai with the built-in interpreter, and with a model behind a
// local fake of the chat-completions API: what the model is sent, a repaired
// answer, and a model that is unreachable, slow, refusing or talking nonsense.

let seed: Seed;
let token: string;
let fake: Awaited<ReturnType<typeof startFakeModel>>;
const AI_VARIABLES = ["AI_BASE_URL", "AI_MODEL", "AI_API_KEY", "AI_TIMEOUT_SECONDS"];

beforeAll(async () => {
  seed = await seedCorpusTeam();
  ({ token } = await createSession(getDb(), { userId: seed.userId, teamId: seed.teamId }));
  fake = await startFakeModel();
});
afterEach(() => {
  for (const name of AI_VARIABLES) delete process.env[name];
});
afterAll(() => fake.close());

async function generate(body: unknown, as = token) {
  const response = await respond(() =>
    action(routeArgs(jsonRequest("/api/segments/ai", body, { headers: bearer(as) }))),
  );
  return { status: response.status, body: await response.json() };
}

function useModel(baseUrl: string, extra: Record<string, string> = {}) {
  Object.assign(process.env, { AI_BASE_URL: baseUrl, AI_MODEL: "fake-model", AI_API_KEY: "sk-test", ...extra });
}

const members = (where: (c: Seed["contacts"][number]) => boolean) => seed.contacts.filter(where).map((c) => c.id);
const proIds = () => members((c) => c.attributes.plan === "pro");
const pro = {
  type: "group",
  combinator: "and",
  conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }],
};
const idsOf = (sample: { id: string }[]) => sample.map((c) => c.id);

describe("POST /api/segments/ai", () => {
  test("with no model configured, the built-in interpreter answers the filter, its explanation, the live count and a sample", async () => {
    const { status, body } = await generate({ prompt: "pro users" });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      filter: pro,
      unsupported: [],
      count: proIds().length,
      interpreter: "built-in",
      notice: null,
    });
    expect(body.explanation).toContain('plan is "pro"');
    expect(body.sample).toHaveLength(Math.min(10, proIds().length));
    expect(idsOf(body.sample).every((id: string) => proIds().includes(id))).toBe(true);
  });

  test("says what it did not understand, and a blank prompt or no token is refused", async () => {
    const vague = await generate({ prompt: "high value customers" });
    expect(vague.status).toBe(200);
    expect(vague.body.unsupported.join(" ")).toContain("high value");
    expect(await generate({ prompt: "   " })).toMatchObject({
      status: 400,
      body: { fields: { prompt: ["Describe the audience"] } },
    });
    const anonymous = await respond(() => action(routeArgs(jsonRequest("/api/segments/ai", { prompt: "pro users" }))));
    expect(anonymous.status).toBe(401);
  });

  test("another team's prompt counts only that team's contacts", async () => {
    const other = await createSignedInUser();
    const { status, body } = await generate({ prompt: "pro users" }, other.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, sample: [] });
  });

  test("with a model configured, sends the schema and vocabulary (no contact data) and uses its validated answer", async () => {
    useModel(fake.baseUrl);
    fake.queue(
      chatCompletion(JSON.stringify({ filter: pro, unsupported: ['"happy": nothing says how happy someone is'] })),
    );
    const before = fake.requests.length;
    const { status, body } = await generate({ prompt: "happy pro users" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ filter: pro, count: proIds().length, interpreter: "model", notice: null });
    expect(body.unsupported).toEqual(['"happy": nothing says how happy someone is']);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(sent[0]!.headers.authorization).toBe("Bearer sk-test");
    const request = JSON.parse(sent[0]!.body);
    expect(request.model).toBe("fake-model");
    expect(request.response_format.type).toBe("json_schema");
    expect(JSON.stringify(request.response_format.json_schema.schema)).toContain("within_last_days");
    expect(request.messages.at(-1)).toEqual({ role: "user", content: "happy pro users" });
    const system = request.messages[0].content as string;
    expect(system).toContain("Order Completed");
    expect(system).toContain("November Newsletter");
    for (const contact of seed.contacts) {
      expect(system).not.toContain(contact.email);
      if (contact.name) expect(system).not.toContain(contact.name);
    }
  });

  test("an answer that does not validate is sent back once with its problems, and the corrected answer is used", async () => {
    useModel(fake.baseUrl);
    const bad = {
      filter: {
        type: "group",
        combinator: "and",
        conditions: [{ type: "attribute", key: "plan", operator: "is", value: "pro" }],
      },
      unsupported: [],
    };
    fake.queue(chatCompletion(JSON.stringify(bad)));
    fake.queue(chatCompletion(JSON.stringify({ filter: pro, unsupported: [] })));
    const before = fake.requests.length;
    const { body } = await generate({ prompt: "pro users" });
    expect(body).toMatchObject({ filter: pro, count: proIds().length, interpreter: "model" });
    const sent = fake.requests.slice(before).map((r) => JSON.parse(r.body));
    expect(sent).toHaveLength(2);
    expect(sent[1].messages.at(-2)).toEqual({ role: "assistant", content: JSON.stringify(bad) });
    expect(sent[1].messages.at(-1).content).toContain('filter.conditions[0].operator: Unknown operator "is"');
  });

  test("an invented event name is sent back once; invented twice, its condition is left out and reported in plain words", async () => {
    useModel(fake.baseUrl);
    const purchase = { type: "event", operator: "performed", event: "Purchase Made" };
    const plan = { type: "attribute", key: "plan", operator: "equals", value: "pro" };
    fake.queue(
      chatCompletion(
        JSON.stringify({ filter: { type: "group", combinator: "and", conditions: [plan, purchase] }, unsupported: [] }),
      ),
    );
    const orders = { type: "event", operator: "performed", event: "Order Completed" };
    fake.queue(
      chatCompletion(
        JSON.stringify({ filter: { type: "group", combinator: "and", conditions: [plan, orders] }, unsupported: [] }),
      ),
    );
    const before = fake.requests.length;
    const repaired = await generate({ prompt: "pro users who purchased" });
    expect(repaired.body).toMatchObject({ interpreter: "model", unsupported: [] });
    expect(repaired.body.count).toBe(
      members((c) => c.attributes.plan === "pro" && c.events.some((e) => e.name === "Order Completed")).length,
    );
    const sent = fake.requests.slice(before).map((r) => JSON.parse(r.body));
    expect(sent[1].messages.at(-1).content).toContain(
      'filter.conditions[1].event: there is no event named "Purchase Made"',
    );

    const inventions = [
      plan,
      purchase,
      { type: "attribute", key: "lifetime_value", operator: "greater_than", value: 100 },
      {
        type: "event",
        operator: "performed",
        event: "Order Completed",
        properties: [{ property: "amount", operator: "greater_than", value: 50 }],
      },
    ];
    const answer = JSON.stringify({
      filter: { type: "group", combinator: "and", conditions: inventions },
      unsupported: [],
    });
    fake.queue(chatCompletion(answer));
    fake.queue(chatCompletion(answer));
    const kept = await generate({ prompt: "pro users who made a purchase over 50 with a lifetime value over 100" });
    expect(kept.body).toMatchObject({ filter: pro, count: proIds().length, interpreter: "model", notice: null });
    expect(kept.body.unsupported).toEqual([
      'There is no event named "Purchase Made" in your data, so that condition was left out',
      'No contact has an attribute "lifetime_value" in your data, so that condition was left out',
      'The event "Order Completed" has no property "amount" in your data, so that condition was left out',
    ]);
  });

  test("nonsense twice, an invented campaign id, or a refusal fall back to the built-in interpreter with the reason", async () => {
    useModel(fake.baseUrl);
    fake.queue(chatCompletion("Sure! Here are your pro users."));
    fake.queue(chatCompletion('```json\n{"filter": {"type": "group"}}\n```'));
    const nonsense = await generate({ prompt: "pro users" });
    expect(nonsense.body).toMatchObject({ filter: pro, count: proIds().length, interpreter: "built-in" });
    expect(nonsense.body.notice).toMatch(
      /^The AI model's answer was not a valid filter, even after one correction \(.*filter\.combinator.*\)\. The built-in interpreter read the prompt instead\.$/,
    );
    expect(nonsense.body.explanation.startsWith(nonsense.body.notice)).toBe(true);

    const invented = {
      type: "group",
      combinator: "and",
      conditions: [{ type: "engagement", operator: "opened", campaignId: "0190c1a2-0000-7000-8000-000000000000" }],
    };
    fake.queue(chatCompletion(JSON.stringify({ filter: invented, unsupported: [] })));
    fake.queue(chatCompletion(JSON.stringify({ filter: invented, unsupported: [] })));
    const made = await generate({ prompt: "pro users" });
    expect(made.body.interpreter).toBe("built-in");
    expect(made.body.notice).toContain("filter.conditions[0].campaignId: not one of the campaign ids listed");

    fake.queue(openAiError(401, "Incorrect API key provided."));
    const refused = await generate({ prompt: "pro users" });
    expect(refused.body.notice).toMatch(
      /^The AI model at 127\.0\.0\.1:\d+ refused the request \(HTTP 401: Incorrect API key provided\.\)\./,
    );
  });

  test("an unreachable or slow model falls back with a message saying so", async () => {
    const gone = await startFakeModel();
    await gone.close();
    useModel(gone.baseUrl);
    const unreachable = await generate({ prompt: "pro users" });
    expect(unreachable.body).toMatchObject({ filter: pro, interpreter: "built-in" });
    expect(unreachable.body.notice).toMatch(
      /^The AI model at 127\.0\.0\.1:\d+ could not be reached \(connection refused\)\./,
    );

    useModel(fake.baseUrl, { AI_TIMEOUT_SECONDS: "1" });
    // A model that never answers: only the timeout can end this request.
    fake.queue({ ...chatCompletion(JSON.stringify({ filter: pro, unsupported: [] })), neverAnswers: true });
    const slow = await generate({ prompt: "pro users" });
    expect(slow.body).toMatchObject({ filter: pro, interpreter: "built-in" });
    expect(slow.body.notice).toMatch(
      /did not answer within 1 seconds\. The built-in interpreter read the prompt instead\.$/,
    );
  });
});
