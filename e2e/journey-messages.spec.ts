import { Analytics } from "@segment/analytics-node";
import { expect, type APIRequestContext, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// Abandoned cart and the welcome series end to end on the built app, in both projects: defined
// through the API, started from its page, fed by Segment's own SDK, and read back
// from the outbox. The wait for an order is a few seconds, so the test waits it out.

type OutboxMessage = { to: string; subject: string | null; html: string | null };

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** A journey created through the API from the signed-in team's session; answers its id. */
async function createJourney(request: APIRequestContext, definition: Record<string, unknown>): Promise<string> {
  const created = await request.post("/api/journeys", { data: definition });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

/** Segment's Node SDK pointed at the app with a new server write key of the team. */
async function segmentSdk(request: APIRequestContext, baseURL: string): Promise<Analytics> {
  const key = await request.post("/api/write-keys", { data: { name: "Source", kind: "server" } });
  const writeKey = ((await key.json()) as { data: { key: string } }).data.key;
  return new Analytics({ writeKey, host: baseURL, flushAt: 20, flushInterval: 50 });
}

test("abandoned cart: a cart with no order gets the reminder in the outbox; an order for the same cart ends the journey as converted", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signInWithSessionRow(page);
  const journeyId = await createJourney(page.request, {
    name: "Abandoned cart",
    entry: { type: "event", event: "Cart Updated" },
    goal: { event: "Order Completed" },
    steps: [
      {
        type: "wait_for_event",
        event: "Order Completed",
        matchProperty: "cart_id",
        timeoutSeconds: 3,
        received: [{ type: "exit" }],
        timedOut: [
          {
            type: "send",
            channel: "EMAIL",
            subject: "Your cart is waiting",
            content: "<p>Cart {{ event.properties.cart_id }} is still there.</p>",
          },
        ],
      },
    ],
  });

  await page.goto(`/dashboard/journeys/${journeyId}`);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(notifications(page).getByText("Journey is live")).toBeVisible();

  const analytics = await segmentSdk(page.request, baseURL!);
  const stamp = Date.now();
  const ann = `ann.${stamp}@example.com`;
  const bo = `bo.${stamp}@example.com`;
  const cy = `cy.${stamp}@example.com`;
  analytics.identify({ userId: `ann-${stamp}`, traits: { email: ann, name: "Ann" } });
  analytics.identify({ userId: `bo-${stamp}`, traits: { email: bo, name: "Bo" } });
  analytics.identify({ userId: `cy-${stamp}`, traits: { email: cy, name: "Cy" } });
  await analytics.flush({ timeout: 10_000 });
  analytics.track({ userId: `ann-${stamp}`, event: "Cart Updated", properties: { cart_id: "cart-a" } });
  analytics.track({ userId: `bo-${stamp}`, event: "Cart Updated", properties: { cart_id: "cart-b" } });
  // Cy orders at once: the cart and the order reach the app in one batch.
  analytics.track({ userId: `cy-${stamp}`, event: "Cart Updated", properties: { cart_id: "cart-c" } });
  analytics.track({ userId: `cy-${stamp}`, event: "Order Completed", properties: { cart_id: "cart-c" } });
  await analytics.flush({ timeout: 10_000 });
  analytics.track({ userId: `bo-${stamp}`, event: "Order Completed", properties: { cart_id: "cart-b" } });
  await analytics.closeAndFlush({ timeout: 10_000 });

  await expect
    .poll(async () => (await outboxFor(page.request, ann)).map((message) => message.subject), { timeout: 60_000 })
    .toEqual(["Your cart is waiting"]);
  expect((await outboxFor(page.request, ann))[0]!.html).toContain("Cart cart-a is still there.");
  expect(await outboxFor(page.request, bo)).toEqual([]);
  expect(await outboxFor(page.request, cy)).toEqual([]);

  await page.goto(`/dashboard/journeys/${journeyId}`);
  await expect(page.getByText("Entered 3 · Active 0 · Converted 2")).toBeVisible();
});

test("welcome series: the email at once, then after a short wait an SMS only to contacts on the pro plan", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signInWithSessionRow(page);
  const journeyId = await createJourney(page.request, {
    name: "Welcome series",
    entry: { type: "event", event: "Signed Up" },
    steps: [
      { type: "send", channel: "EMAIL", subject: "Welcome aboard", content: "<p>Hi {{ contact.name }}</p>" },
      { type: "wait", seconds: 2 },
      {
        type: "condition",
        filter: {
          type: "group",
          combinator: "and",
          conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }],
        },
        yes: [{ type: "send", channel: "SMS", content: "Pro tip for {{ contact.name }}: try exports." }],
        no: [{ type: "exit" }],
      },
    ],
  });
  expect((await page.request.post(`/api/journeys/${journeyId}/start`, { data: {} })).status()).toBe(200);

  const analytics = await segmentSdk(page.request, baseURL!);
  const stamp = Date.now();
  const people = [
    { userId: `pia-${stamp}`, name: "Pia", email: `pia.${stamp}@example.com`, phone: "+14155550111", plan: "pro" },
    { userId: `fred-${stamp}`, name: "Fred", email: `fred.${stamp}@example.com`, phone: "+14155550122", plan: "free" },
  ];
  for (const { userId, ...traits } of people) analytics.identify({ userId, traits });
  await analytics.flush({ timeout: 10_000 });
  for (const { userId } of people) analytics.track({ userId, event: "Signed Up" });
  await analytics.closeAndFlush({ timeout: 10_000 });

  for (const person of people) {
    await expect
      .poll(async () => (await outboxFor(page.request, person.email)).map((message) => message.subject), {
        timeout: 60_000,
      })
      .toEqual(["Welcome aboard"]);
  }
  await expect.poll(async () => (await outboxFor(page.request, "+14155550111")).length, { timeout: 60_000 }).toBe(1);
  await page.goto(`/dashboard/journeys/${journeyId}`);
  await expect(page.getByText("Entered 2 · Active 0 · Converted 0")).toBeVisible();
  expect(await outboxFor(page.request, "+14155550122")).toEqual([]);
});
