import { Analytics } from "@segment/analytics-node";
import { expect, type APIRequestContext, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// The abandoned cart journey end to end on the built app, in both projects: defined
// through the API, started from its page, fed by Segment's own SDK, and read back
// from the outbox. The wait for an order is a few seconds, so the test waits it out.

type OutboxMessage = { to: string; subject: string | null; html: string | null };

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

test("abandoned cart: a cart with no order gets the reminder in the outbox; an order for the same cart ends the journey as converted", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signInWithSessionRow(page);
  const created = await page.request.post("/api/journeys", {
    data: {
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
    },
  });
  expect(created.status()).toBe(201);
  const journey = ((await created.json()) as { data: { id: string } }).data;

  await page.goto(`/dashboard/journeys/${journey.id}`);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(notifications(page).getByText("Journey is live")).toBeVisible();

  const key = await page.request.post("/api/write-keys", { data: { name: "Shop", kind: "server" } });
  const writeKey = ((await key.json()) as { data: { key: string } }).data.key;
  const analytics = new Analytics({ writeKey, host: baseURL!, flushAt: 20, flushInterval: 50 });
  const stamp = Date.now();
  const ann = `ann.${stamp}@example.com`;
  const bo = `bo.${stamp}@example.com`;
  analytics.identify({ userId: `ann-${stamp}`, traits: { email: ann, name: "Ann" } });
  analytics.identify({ userId: `bo-${stamp}`, traits: { email: bo, name: "Bo" } });
  await analytics.flush({ timeout: 10_000 });
  analytics.track({ userId: `ann-${stamp}`, event: "Cart Updated", properties: { cart_id: "cart-a" } });
  analytics.track({ userId: `bo-${stamp}`, event: "Cart Updated", properties: { cart_id: "cart-b" } });
  await analytics.flush({ timeout: 10_000 });
  analytics.track({ userId: `bo-${stamp}`, event: "Order Completed", properties: { cart_id: "cart-b" } });
  await analytics.closeAndFlush({ timeout: 10_000 });

  await expect
    .poll(async () => (await outboxFor(page.request, ann)).map((message) => message.subject), { timeout: 60_000 })
    .toEqual(["Your cart is waiting"]);
  expect((await outboxFor(page.request, ann))[0]!.html).toContain("Cart cart-a is still there.");
  expect(await outboxFor(page.request, bo)).toEqual([]);

  await page.goto(`/dashboard/journeys/${journey.id}`);
  await expect(page.getByText("Entered 2 · Active 0 · Converted 1")).toBeVisible();
});
