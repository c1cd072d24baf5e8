import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// Product events end to end: write keys from Settings, events sent the way
// Segment's libraries send them (HTTP Basic with the key), the Events page and a
// contact's own page, with and without JavaScript.

type Message = Record<string, unknown>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function basic(writeKey: string) {
  return { Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}` };
}

/** A write key made through the public API with the signed-in browser's session. */
async function createKey(page: Page, name = "Test source"): Promise<string> {
  const response = await page.request.post("/api/write-keys", { data: { name } });
  expect(response.status()).toBe(201);
  return (await response.json()).data.key;
}

async function sendBatch(page: Page, writeKey: string, batch: Message[]): Promise<void> {
  const response = await page.request.post("/v1/batch", { data: { batch }, headers: basic(writeKey) });
  expect(response.status()).toBe(200);
}

async function track(page: Page, writeKey: string, message: Message) {
  return page.request.post("/v1/track", { data: message, headers: basic(writeKey) });
}

const feedRows = (page: Page) => page.getByRole("table").locator("tbody tr");

test.describe("Settings → API keys", () => {
  test("creates a named key shown once, lists it, and revokes it after asking", async ({ page, javaScriptEnabled }) => {
    await signInWithSessionRow(page);
    await page.goto("/dashboard/settings");
    await page.getByRole("link", { name: "Manage API keys" }).click();
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(page.getByText("No API keys yet. Create one to start sending events.")).toBeVisible();

    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Create key" }).click();
      await expect(page.getByText("Key name is required")).toBeVisible();
    } else {
      // The browser itself refuses a blank required field before anything is sent.
      await expect(page.getByLabel("Key name", { exact: true })).toHaveAttribute("required", "");
    }
    await page.getByLabel("Key name", { exact: true }).fill("Web app");
    await page.getByRole("button", { name: "Create key" }).click();

    await expect(page.getByRole("heading", { name: "Your new key “Web app”" })).toBeVisible();
    const key = await page.getByRole("textbox", { name: "Write key" }).inputValue();
    expect(key.length).toBeGreaterThan(20);
    await expect(page.getByRole("row", { name: /Web app/ })).toContainText("Active");
    // Unless chosen otherwise, a key is for client code.
    await expect(page.getByRole("row", { name: /Web app/ })).toContainText("Client");
    expect((await track(page, key, { userId: "u-1", event: "Signed In" })).status()).toBe(200);

    await page.getByLabel("Key name", { exact: true }).fill("Backend");
    await page.getByRole("radio", { name: /^Server/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("heading", { name: "Your new key “Backend”" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Backend/ })).toContainText("Server");

    // Shown once: the page itself never shows it again.
    await page.goto("/dashboard/settings/api-keys");
    await expect(page.getByRole("row", { name: /Web app/ })).toBeVisible();
    expect(await page.content()).not.toContain(key);

    await page.getByRole("link", { name: "Revoke Web app" }).click();
    await expect(page.getByRole("heading", { name: "Revoke this API key?" })).toBeVisible();
    await page.getByRole("button", { name: "Revoke", exact: true }).click();

    await expect(notifications(page).getByText("API key revoked successfully")).toBeVisible();
    await expect(page.getByRole("row", { name: /Web app/ })).toContainText("Revoked");
    await expect(page.getByRole("link", { name: "Revoke Web app" })).toHaveCount(0);
    expect((await track(page, key, { userId: "u-1", event: "Signed In" })).status()).toBe(401);
  });
});

test.describe("the tracking API through the running server", () => {
  test("an event over 32 KB and a batch over 500 KB get a 400 with a message; a repeated messageId is stored once", async ({
    page,
  }) => {
    await signInWithSessionRow(page);
    const key = await createKey(page);
    const big = (kb: number) => ({
      type: "track",
      userId: "u-1",
      event: "Big",
      properties: { blob: "x".repeat(kb * 1024) },
    });

    const event = await track(page, key, big(33));
    expect(event.status()).toBe(400);
    expect((await event.json()).message).toMatch(/^An event may be at most 32 KB; this request is \d+ KB\.$/);
    const batch = await page.request.post("/v1/batch", {
      data: { batch: Array.from({ length: 20 }, () => big(30)) },
      headers: basic(key),
    });
    expect(batch.status()).toBe(400);
    expect((await batch.json()).message).toMatch(/^A batch may be at most 500 KB; this request is \d+ KB\.$/);

    await sendBatch(page, key, [{ type: "track", userId: "u-1", event: "Once", messageId: "same" }]);
    await sendBatch(page, key, [{ type: "track", userId: "u-1", event: "Once", messageId: "same" }]);
    await page.goto("/dashboard/events");
    await expect(feedRows(page)).toHaveCount(1);
    await expect(feedRows(page).first()).toContainText("Once");
  });
});

test.describe("the Events page", () => {
  /** A team with a key and five events: an identify and four product events of three names, minutes ago. */
  async function teamWithEvents(page: Page): Promise<void> {
    await signInWithSessionRow(page);
    const key = await createKey(page);
    await sendBatch(page, key, [
      {
        type: "identify",
        userId: "u-ada",
        traits: { name: "Ada Lovelace", email: `ada-${crypto.randomUUID()}@example.com` },
        timestamp: minutesAgo(10),
      },
      {
        type: "track",
        userId: "u-ada",
        event: "Report Exported",
        properties: { format: "pdf" },
        timestamp: minutesAgo(9),
      },
      {
        type: "track",
        userId: "u-ada",
        event: "Report Exported",
        properties: { format: "csv" },
        timestamp: minutesAgo(8),
      },
      { type: "track", userId: "u-bob", event: "Signed In", timestamp: minutesAgo(7) },
      { type: "track", anonymousId: "device-9", event: "Pricing Viewed", timestamp: minutesAgo(6) },
    ]);
  }

  test("shows the four figures and the feed newest first, each event with who did it", async ({ page }) => {
    await teamWithEvents(page);

    await page.goto("/dashboard/events");

    const card = (title: string) => page.getByRole("group", { name: title });
    await expect(card("Events Today")).toContainText("5");
    await expect(card("People Active Today")).toContainText("3");
    await expect(card("Events (Last 7 Days)")).toContainText("5");
    await expect(card("Distinct Event Names")).toContainText("3");
    await expect(feedRows(page)).toHaveCount(5);
    await expect(feedRows(page).first()).toContainText("Pricing Viewed");
    await expect(feedRows(page).first()).toContainText("anonymous device-9");
    await expect(feedRows(page).last()).toContainText("Identify");
    await page.getByRole("link", { name: "Ada Lovelace" }).first().click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  });

  test("filters by search and by event name in the URL, and exports what the filters match as CSV", async ({
    page,
  }) => {
    await teamWithEvents(page);
    await page.goto("/dashboard/events");

    await page.getByLabel("Search events").fill("REPORT");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=REPORT/);
    await expect(feedRows(page)).toHaveCount(2);
    await expect(feedRows(page).first()).toContainText('{"format":"csv"}');

    await page.goto("/dashboard/events");
    await page.getByLabel("Event", { exact: true }).selectOption("Signed In");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/name=Signed\+In/);
    await expect(feedRows(page)).toHaveCount(1);
    await expect(feedRows(page).first()).toContainText("u-bob");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await streamText(await download.createReadStream())).trim().split(/\r?\n/);
    expect(lines[0]).toBe("time,type,event,user_id,anonymous_id,contact_id,properties,context,message_id,received_at");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",track,Signed In,u-bob,");

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL("/dashboard/events");
    await expect(feedRows(page)).toHaveCount(5);
  });

  test("new events reach the feed: by themselves with JavaScript, with the Refresh link without", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInWithSessionRow(page);
    const key = await createKey(page);
    await sendBatch(page, key, [{ type: "track", userId: "u-1", event: "Signed In", timestamp: minutesAgo(5) }]);
    await page.goto("/dashboard/events");
    await expect(feedRows(page)).toHaveCount(1);

    if (javaScriptEnabled) await expect(page.getByText("Updating automatically")).toBeVisible();
    expect((await track(page, key, { userId: "u-2", event: "Invoice Paid" })).status()).toBe(200);

    if (!javaScriptEnabled) {
      await expect(page.getByText("Updating automatically")).toHaveCount(0);
      await page.getByRole("link", { name: "Refresh" }).click();
    }
    await expect(feedRows(page)).toHaveCount(2, { timeout: 15_000 });
    await expect(feedRows(page).first()).toContainText("Invoice Paid");
    await expect(page.getByRole("group", { name: "Events Today" })).toContainText("2");
  });

  test("pages through older events with keyset links", async ({ page }) => {
    await signInWithSessionRow(page);
    const key = await createKey(page);
    await sendBatch(
      page,
      key,
      Array.from({ length: 60 }, (_, i) => ({
        type: "track",
        userId: `u-${i}`,
        event: "Step",
        timestamp: minutesAgo(i + 1),
      })),
    );

    await page.goto("/dashboard/events");
    await expect(feedRows(page)).toHaveCount(50);
    await expect(feedRows(page).first()).toContainText("u-0");
    await page.getByRole("link", { name: "Older events" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(feedRows(page)).toHaveCount(10);
    await expect(feedRows(page).first()).toContainText("u-50");
    await expect(page.getByRole("link", { name: "Older events" })).toHaveCount(0);
    await page.getByRole("link", { name: "Newest events" }).click();
    await expect(feedRows(page).first()).toContainText("u-0");
  });
});

test.describe("a contact's page", () => {
  test("opens from the contacts list with fields, attributes, channels and a paged event timeline; another team gets a 404", async ({
    page,
  }) => {
    // Two sign-ups and three page loads of a timeline: more than the default time on a busy machine.
    test.slow();
    await signInWithSessionRow(page);
    const key = await createKey(page);
    const email = `grace-${crypto.randomUUID()}@example.com`;
    await sendBatch(page, key, [
      {
        type: "identify",
        userId: "u-grace",
        traits: { name: "Grace Hopper", email, phone: "+14155550100", plan: "pro" },
        timestamp: minutesAgo(120),
      },
      ...Array.from({ length: 30 }, (_, i) => ({
        type: "track",
        userId: "u-grace",
        event: "Report Exported",
        properties: { n: i },
        timestamp: minutesAgo(i + 1),
      })),
    ]);

    await page.goto("/dashboard/contacts");
    await page.getByRole("link", { name: "Grace Hopper" }).click();
    await expect(page).toHaveURL(/\/dashboard\/contacts\/[0-9a-f-]{36}$/);
    const contactUrl = page.url();

    await expect(page.getByRole("heading", { name: "Grace Hopper", level: 1 })).toBeVisible();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details).toContainText(email);
    await expect(details).toContainText("+14155550100");
    await expect(details).toContainText("u-grace");
    await expect(page.getByRole("region", { name: "Attributes" })).toContainText("plan");
    await expect(page.getByRole("region", { name: "Attributes" })).toContainText("pro");
    const channels = page.getByRole("region", { name: "Subscriptions" });
    await expect(channels.getByRole("row", { name: /^Email/ })).toContainText("Subscribed");
    await expect(channels.getByRole("row", { name: /^SMS/ })).toContainText("Subscribed");
    await expect(channels.getByRole("row", { name: /^WhatsApp/ })).toContainText("Subscribed");

    const timeline = page.getByRole("list", { name: "Events, newest first" });
    await expect(timeline.getByRole("listitem")).toHaveCount(25);
    await expect(timeline.getByRole("listitem").first()).toContainText('{"n":0}');
    await page.getByRole("link", { name: "Older events" }).click();
    await expect(timeline.getByRole("listitem")).toHaveCount(6);
    await expect(timeline.getByRole("listitem").last()).toContainText("Identify");
    await page.getByRole("link", { name: "Newest events" }).click();
    await expect(timeline.getByRole("listitem")).toHaveCount(25);

    await page.context().clearCookies();
    await signInWithSessionRow(page);
    const response = await page.goto(contactUrl);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Contact not found.")).toBeVisible();
    await expect(page.getByText("Grace Hopper")).toHaveCount(0);
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
