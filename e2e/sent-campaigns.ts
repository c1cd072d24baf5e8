import { expect, type APIRequestContext } from "@playwright/test";

/** A reader's browser: a headless browser's own user agent is, rightly, counted as a bot. */
export const READER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** What one sent email carries: its open pixel and its tracked links, as paths on this server. */
export type SentEmail = { pixel: string; links: string[] };

/**
 * Creates an EMAIL campaign to all the team's contacts through the API, due a few
 * seconds from now, so the app's own worker sends it to the built-in outbox.
 * `request` carries the signed-in session (a page's request context).
 */
export async function scheduleEmailSoon(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post("/api/campaigns", {
    data: {
      name,
      type: "EMAIL",
      subject: `${name} news`,
      content: `<p>Hi {{ contact.name }}, <a href="https://example.com/${encodeURIComponent(name)}">read more</a>.</p>`,
      segmentIds: [],
      scheduledTime: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Waits until every one of these campaigns is SENT, as the API reports them. */
export async function waitUntilSent(request: APIRequestContext, campaignIds: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const { data } = (await (await request.get("/api/campaigns?limit=500")).json()) as {
          data: { id: string; state: string }[];
        };
        return campaignIds.map((id) => data.find((campaign) => campaign.id === id)?.state);
      },
      { timeout: 40_000, intervals: [500] },
    )
    .toEqual(campaignIds.map(() => "SENT"));
}

/** The emails one campaign left in the team's outbox, as the outbox API answers them. */
export async function sentEmails(request: APIRequestContext, campaignId: string): Promise<SentEmail[]> {
  // The outbox's JSON API filters by campaign itself: no page of the dashboard, whose bell
  // may link to the campaign too, is read for it.
  const answer = await request.get(`/api/outbox?${new URLSearchParams({ campaignId })}`);
  expect(answer.ok(), "the outbox API answers").toBe(true);
  const { data } = (await answer.json()) as { data: { html: string | null }[] };
  return data.map(({ html }) => {
    const pixel = /\/t\/o\/[A-Za-z0-9_-]+\.gif/.exec(html ?? "")?.[0];
    const links = [...(html ?? "").matchAll(/\/t\/c\/[A-Za-z0-9_-]+/g)].map((match) => match[0]);
    expect(pixel, "the open pixel of the sent email").toBeTruthy();
    return { pixel: pixel!, links: [...new Set(links)] };
  });
}

/** A person opens the email (its pixel loads) or follows its first link. */
export async function openEmail(request: APIRequestContext, email: SentEmail): Promise<void> {
  expect((await request.get(email.pixel, { headers: { "User-Agent": READER_AGENT } })).status()).toBe(200);
}

export async function clickEmail(request: APIRequestContext, email: SentEmail): Promise<void> {
  const response = await request.get(email.links[0]!, { headers: { "User-Agent": READER_AGENT }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}
