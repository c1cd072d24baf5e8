/*
 * Answers of an OpenAI-compatible model to corpus prompts, as the message
 * content of a chat completion, for the fake model of model-corpus.test.ts.
 * `answers` are in the order the model gives them: the first, then the one
 * after Murmur sends a first answer back with its problems.
 *
 * NOT RECORDED FROM A REAL MODEL YET: no model endpoint was reachable where
 * these were written, so they were written by hand in the shape models answer
 * this schema, including the mistakes they make (names not in the
 * vocabulary, values spelled as the prompt spells them, a guess for a vague
 * word). Record real ones with `node scripts/record-model-answers.ts` against
 * AI_BASE_URL/AI_MODEL and replace these.
 *
 * Campaign and segment ids differ on every seeded team, so answers name them
 * as {{campaign:<name>}} and {{segment:<name>}}; the fake puts the ids in.
 */

export type Recording = { team: "saas" | "shop" | "app"; prompt: string; answers: string[] };

const group = (...conditions: unknown[]) => ({ type: "group", combinator: "and", conditions });
const answer = (filter: unknown, unsupported: string[] = []) => JSON.stringify({ filter, unsupported });
const event = (name: string, more: Record<string, unknown> = {}) => ({
  type: "event",
  operator: "performed",
  event: name,
  frequency: "at_least",
  times: 1,
  window: { type: "any_time" },
  properties: [],
  ...more,
});
const attribute = (key: string, operator: string, value?: unknown) => ({
  type: "attribute",
  key,
  operator,
  ...(value === undefined ? {} : { value }),
});
const field = (name: string, operator: string, value: unknown) => ({ type: "field", field: name, operator, value });

export const recordings: Recording[] = [
  // SaaS product
  {
    team: "saas",
    prompt: "completed at least 2 orders",
    answers: [answer(group(event("Order Completed", { times: 2 })))],
  },
  {
    team: "saas",
    prompt: "customers outside the UK",
    answers: [answer(group(attribute("country", "not_equals", "UK")))],
  },
  {
    team: "saas",
    prompt: "inactive for 30 days",
    answers: [
      answer(group(event("Any Event", { operator: "not_performed", window: { type: "last_days", days: 30 } }))),
      answer(group(), ['"inactive for 30 days": there is no condition for any event at all']),
    ],
  },
  { team: "saas", prompt: "gmail addresses", answers: [answer(group(field("email", "ends_with", "@gmail.com")))] },
  {
    team: "saas",
    prompt: "didn't open the last campaign",
    answers: [
      answer(
        group({
          type: "engagement",
          operator: "not_opened",
          campaignId: "{{campaign:November Newsletter}}",
          window: { type: "any_time" },
        }),
      ),
    ],
  },
  {
    team: "saas",
    prompt: "pro users who never purchased",
    answers: [
      answer(group(attribute("plan", "equals", "pro"), event("Purchase", { operator: "not_performed" }))),
      answer(group(attribute("plan", "equals", "pro"), event("Order Completed", { operator: "not_performed" }))),
    ],
  },
  { team: "saas", prompt: "people in Germany", answers: [answer(group(attribute("country", "equals", "DE")))] },
  { team: "saas", prompt: "high value customers", answers: [answer(group(attribute("mrr", "greater_than", 1000)))] },
  {
    team: "saas",
    prompt: "not in Beta Testers",
    answers: [answer(group({ type: "segment", operator: "not_in", segmentId: "{{segment:Beta Testers}}" }))],
  },

  // Online shop
  {
    team: "shop",
    prompt: "completed at least 2 orders",
    answers: [answer(group(event("Order Placed", { times: 2 })))],
  },
  { team: "shop", prompt: "emails ending in .edu", answers: [answer(group(field("email", "ends_with", ".edu")))] },
  {
    team: "shop",
    prompt: "received any SMS in the last 2 weeks",
    answers: [
      answer(
        group({
          type: "engagement",
          operator: "received",
          campaignId: "{{campaign:Flash Sale Text}}",
          window: { type: "last_days", days: 14 },
        }),
      ),
    ],
  },
  {
    team: "shop",
    prompt: "phone numbers from the UK (+44)",
    answers: [answer(group(field("phone", "starts_with", "+44")))],
  },
  { team: "shop", prompt: "customers in the UK", answers: [answer(group(attribute("country", "equals", "UK")))] },
  {
    team: "shop",
    prompt: "orders over $200",
    answers: [
      answer(
        group(event("Order Placed", { properties: [{ property: "amount", operator: "greater_than", value: 200 }] })),
      ),
      answer(
        group(event("Order Placed", { properties: [{ property: "total", operator: "greater_than", value: 200 }] })),
      ),
    ],
  },
  {
    team: "shop",
    prompt: "engaged shoppers",
    answers: [
      answer({
        type: "group",
        combinator: "or",
        conditions: [
          { type: "engagement", operator: "opened", campaignId: null, window: { type: "last_days", days: 30 } },
          { type: "engagement", operator: "clicked", campaignId: null, window: { type: "last_days", days: 30 } },
        ],
      }),
    ],
  },

  // Mobile app
  {
    team: "app",
    prompt: "opened the app in the last 7 days",
    answers: [answer(group(event("App Opened", { window: { type: "last_days", days: 7 } })))],
  },
  {
    team: "app",
    prompt: "dormant users",
    answers: [
      answer(group(), ['"dormant": no condition says how long without activity; say "no events in the last 90 days"']),
    ],
  },
  { team: "app", prompt: "users aged over 40", answers: [answer(group(attribute("age", "greater_than", 40)))] },
  {
    team: "app",
    prompt: "didn't receive any WhatsApp message",
    answers: [
      answer(
        group({
          type: "engagement",
          operator: "not_received",
          campaignId: "{{campaign:Premium Discount}}",
          window: { type: "any_time" },
        }),
      ),
    ],
  },
  {
    team: "app",
    prompt: "yoga or cycling workouts in the last 2 weeks",
    answers: [
      answer(
        group(
          event("Workout Completed", {
            window: { type: "last_days", days: 14 },
            properties: [{ property: "type", operator: "in_list", value: ["yoga", "cycling"] }],
          }),
        ),
      ),
    ],
  },
  { team: "app", prompt: "japanese users", answers: [answer(group(attribute("country", "equals", "Japan")))] },
  {
    team: "app",
    prompt: "premium subscribers",
    answers: [
      answer(group(attribute("subscription_tier", "equals", "premium"))),
      answer(group(attribute("subscription", "equals", "premium"))),
    ],
  },
];
