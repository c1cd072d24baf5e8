import { expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// A reader's browser: a headless browser's own user agent is, rightly, counted as a bot.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
});

// Enough recipients that sending takes a visible while, so the campaign is seen ACTIVE on its way to SENT.
const READERS = 2_000;

test("a campaign scheduled a few seconds ahead goes ACTIVE on time, then SENT, lands in the outbox, and its open and click are counted", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { token } = await signInWithSessionRow(page);
  const headers = { Authorization: `Bearer ${token}` };
  const readers = Array.from({ length: READERS }, (_, i) => ({
    name: `Reader ${i + 1}`,
    email: `reader${i + 1}@murmur.test`,
  }));
  const imported = await page.request.post("/api/contacts/import", {
    headers,
    data: { contacts: [{ name: "Grace Hopper", email: "grace@murmur.test" }, ...readers] },
  });
  expect(imported.status()).toBe(200);
  const created = await page.request.post("/api/campaigns", {
    headers,
    data: {
      name: "Spring launch",
      type: "EMAIL",
      subject: "Hello {{ contact.name }}",
      // A link back to this server, so following it ends on a page the test can see.
      content: `<p>Hi {{ contact.name }}, <a href="${baseURL}/readyz?from=spring">read the news</a>.</p>`,
      segmentIds: [],
      scheduledTime: new Date(Date.now() + 8_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { data: { id: string } }).data.id;

  await page.goto(`/dashboard/broadcasts/${campaignId}`);
  const state = page.getByTestId("campaign-state");
  await expect(state).toHaveText("SCHEDULED");
  // The states the campaign passes through, as the API reports them.
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/campaigns/${campaignId}`, { headers });
        const current = ((await response.json()) as { data: { state: string } }).data.state;
        if (seen.at(-1) !== current) seen.push(current);
        return current;
      },
      { timeout: 45_000, intervals: [100] },
    )
    .toBe("SENT");
  expect(seen).toEqual(["SCHEDULED", "ACTIVE", "SENT"]);
  await page.reload();
  await expect(state).toHaveText("SENT");
  await expect(page.getByTestId("progress")).toHaveText("2,001 of 2,001 recipients done");

  // Tracking counts hits in the first two seconds after sending as scanners, not people; a reader takes longer.
  await page.waitForTimeout(2_500);
  await page.getByRole("link", { name: "Outbox" }).click();
  await expect(page).toHaveURL("/dashboard/outbox");
  // 2,001 messages, 25 a page: Next leads to the second page.
  const next = page.getByRole("navigation", { name: "Pages of the outbox" }).getByRole("link", { name: "Next" });
  const href = await next.getAttribute("href");
  expect(href).toMatch(/^\/dashboard\/outbox\?after=/);
  await next.click();
  await expect(page).toHaveURL(href!);
  // Grace's message, found by its recipient.
  await page.getByLabel("Recipient").fill("Grace@murmur.test");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL("/dashboard/outbox?to=Grace%40murmur.test");
  const grace = page.getByRole("link", { name: /Hello Grace Hopper/ });
  await expect(page.getByRole("link", { name: /^Hello / })).toHaveCount(1);
  await grace.click();
  const email = page.frameLocator('iframe[title="Email as the recipient sees it"]');
  await expect(email.getByText("Hi Grace Hopper")).toBeVisible();
  await email.getByRole("link", { name: "read the news" }).click();
  await expect(page).toHaveURL(/\/readyz\?from=spring$/);

  await page.goto(`/dashboard/broadcasts/${campaignId}`);
  const funnel = page.getByRole("heading", { name: "Funnel" }).locator("xpath=../..");
  await expect(funnel.getByText("Opened").locator("xpath=..").getByRole("definition")).toHaveText("1");
  await expect(funnel.getByText("Clicked").locator("xpath=..").getByRole("definition")).toHaveText("1");
});
