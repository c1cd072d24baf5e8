import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { themeCookie } from "#app/http/cookies.ts";
import { signInWithSessionRow } from "./session-row.ts";
import { scheduleEmailSoon, waitUntilSent } from "./sent-campaigns.ts";

// Every page of the app, as a team with data sees it, checked with axe-core in the
// light and the dark theme: any serious or critical violation fails, named by page,
// theme, rule and element. A new page joins by adding its path to a list below.

const THEMES = ["light", "dark"] as const;

/** Pages anyone may open without signing in. */
const PUBLIC_PAGES = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/terms",
  "/privacy",
  "/docs/api",
  "/u/not-a-real-token",
  "/no-such-page",
];

type Seeded = {
  contactId: string;
  segmentId: string;
  draftId: string;
  sentId: string;
  messageId: string;
  journeyId: string;
};

/** The signed-in pages, with the seeded team's ids where a page shows one thing. */
function teamPages(seed: Seeded): string[] {
  return [
    "/dashboard",
    "/dashboard/events",
    "/dashboard/contacts",
    `/dashboard/contacts/${seed.contactId}`,
    "/dashboard/segments",
    "/dashboard/segments/new",
    `/dashboard/segments/${seed.segmentId}/edit`,
    "/dashboard/segments/ai",
    "/dashboard/segments/import",
    "/dashboard/broadcasts",
    "/dashboard/broadcasts/new",
    `/dashboard/broadcasts/${seed.draftId}/edit`,
    `/dashboard/broadcasts/${seed.sentId}`,
    "/dashboard/journeys",
    "/dashboard/journeys/new",
    `/dashboard/journeys/${seed.journeyId}`,
    `/dashboard/journeys/${seed.journeyId}?add=steps.1&type=condition`,
    `/dashboard/journeys/${seed.journeyId}?step=wait-order#contacts`,
    "/dashboard/outbox",
    `/dashboard/outbox/${seed.messageId}`,
    "/dashboard/analytics",
    "/dashboard/search?q=Reader",
    "/dashboard/settings",
    "/dashboard/settings/channels",
    "/dashboard/settings/frequency",
    "/dashboard/settings/api-keys",
    "/dashboard/settings/usage",
    "/dashboard/account",
    "/dashboard/account/sessions",
    "/dashboard/no-such-page",
  ];
}

/** A team with contacts, events, segments, a draft and a sent campaign, made through the API as a client would. */
async function seedTeam(page: Page): Promise<Seeded> {
  const request = page.request;
  const contacts = [1, 2, 3].map((i) => ({ name: `Reader ${i}`, email: `reader${i}@example.com`, phone: null }));
  expect((await request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
  const key = (await (await request.post("/api/write-keys", { data: { name: "Site", kind: "server" } })).json()) as {
    data: { key: string };
  };
  const basic = `Basic ${Buffer.from(`${key.data.key}:`).toString("base64")}`;
  const tracked = await request.post("/v1/track", {
    headers: { Authorization: basic },
    data: { userId: "reader1@example.com", event: "Signed In", properties: { plan: "pro" } },
  });
  expect(tracked.ok()).toBe(true);
  const segment = (await (await request.post("/api/segments", { data: { name: "Readers" } })).json()) as {
    data: { id: string };
  };
  const draft = (await (
    await request.post("/api/campaigns", {
      data: { name: "Draft news", type: "EMAIL", subject: "News", content: "<p>Hello</p>", segmentIds: [] },
    })
  ).json()) as { data: { id: string } };
  const journey = (await (
    await request.post("/api/journeys", {
      data: {
        name: "Abandoned cart",
        entry: { type: "event", event: "Cart Updated" },
        goal: { event: "Order Completed" },
        steps: [
          {
            id: "wait-order",
            type: "wait_for_event",
            event: "Order Completed",
            matchProperty: "cart_id",
            timeoutSeconds: 3600,
            timedOut: [{ type: "send", channel: "EMAIL", subject: "Your cart", content: "<p>Still there?</p>" }],
          },
        ],
      },
    })
  ).json()) as { data: { id: string } };
  const sentId = await scheduleEmailSoon(request, "Sent news");
  await waitUntilSent(request, [sentId]);
  const contactList = (await (await request.get("/api/contacts")).json()) as { data: { id: string }[] };
  const outbox = (await (await request.get("/api/outbox")).json()) as { data: { id: string }[] };
  return {
    contactId: contactList.data[0]!.id,
    segmentId: segment.data.id,
    draftId: draft.data.id,
    sentId,
    messageId: outbox.data[0]!.id,
    journeyId: journey.data.id,
  };
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  const { origin } = new URL(test.info().project.use.baseURL!);
  // The cookie the theme toggle sets, written the same way.
  const [pair = ""] = (await themeCookie.serialize(theme)).split(";");
  const at = pair.indexOf("=");
  await page.context().addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: origin }]);
}

/** Each serious or critical violation on the page as one line: page, theme, rule, its help, and the elements. */
async function seriousViolations(page: Page, path: string, theme: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("load");
  // The theme is the one asked for, so a dark-only contrast fault cannot pass unseen.
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // An email shown in a sandboxed frame runs no script, so axe cannot enter it (it would
  // wait forever); what is inside is the sender's content, not the app's page.
  const { violations } = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${path} (${theme}): ${violation.id} [${violation.impact}] ${violation.help}: ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

/**
 * The page to check. axe-core runs as a script in the page, which the no-JavaScript
 * project forbids; there the check gets a page that may run scripts but whose every
 * script file is refused, so the app never hydrates and axe sees the server's HTML
 * as a browser without JavaScript shows it.
 */
async function pageToCheck(browser: Browser, page: Page): Promise<{ page: Page; close: () => Promise<void> }> {
  const { javaScriptEnabled, baseURL, extraHTTPHeaders } = test.info().project.use;
  if (javaScriptEnabled !== false) return { page, close: async () => {} };
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: true });
  await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  return { page: await context.newPage(), close: () => context.close() };
}

for (const theme of THEMES) {
  test(`every page passes axe-core's serious and critical rules in the ${theme} theme`, async ({
    browser,
    page: given,
  }) => {
    test.setTimeout(300_000);
    const { page, close } = await pageToCheck(browser, given);
    try {
      await useTheme(page, theme);
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) found.push(...(await seriousViolations(page, path, theme)));
      await signInWithSessionRow(page);
      const seed = await seedTeam(page);
      for (const path of teamPages(seed)) found.push(...(await seriousViolations(page, path, theme)));
      expect(found).toEqual([]);
    } finally {
      await close();
    }
  });
}
