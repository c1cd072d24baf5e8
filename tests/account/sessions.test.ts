import { describe, expect, test } from "vitest";
import { action as sessionsAction, loader as sessionsPage } from "#app/routes/dashboard/account-sessions.tsx";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout.tsx";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { describeUserAgent } from "#shared/account/user-agent.ts";
import { signedIn } from "../factories.ts";
import { flashOf, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Another browser of the same user, and the Cookie header it sends. */
async function anotherSession(user: { userId: string; teamId: string }, userAgent = FIREFOX_LINUX) {
  const { token } = await createSession(getDb(), {
    userId: user.userId,
    teamId: user.teamId,
    ip: "198.51.100.7",
    userAgent,
  });
  return { Cookie: await sessionCookieHeader(token) };
}

function visitDashboard(cookie: HeadersInit) {
  return serveDashboard(dashboardLoader, getRequest("/dashboard", cookie));
}

function post(fields: Record<string, string>, cookie: HeadersInit) {
  return serveDashboard(sessionsAction, formRequest("/dashboard/account/sessions", fields, cookie));
}

describe("the Sessions page", () => {
  test("lists the user's sessions with browser, IP and this one marked, and no one else's", async () => {
    const user = await signedIn();
    await anotherSession(user);
    const stranger = await signedIn();

    const response = await serveDashboard(sessionsPage, getRequest("/dashboard/account/sessions", user.cookie));

    expect(response.status).toBe(200);
    const { sessions } = await response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(
      expect.objectContaining({ client: "Firefox on Linux", ip: "198.51.100.7", current: false }),
    );
    expect(JSON.stringify(sessions)).not.toContain(stranger.userId);
  });

  test("signing one session out sends its next request to /login, and leaves this one", async () => {
    const user = await signedIn();
    const other = await anotherSession(user);
    const page = await serveDashboard(sessionsPage, getRequest("/dashboard/account/sessions", user.cookie));
    const target = (await page.json()).sessions.find((s: { current: boolean }) => !s.current);

    const response = await post({ intent: "revoke", sessionId: target.id }, user.cookie);

    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Signed out", description: "That session is signed out." },
    ]);
    const revoked = await visitDashboard(other);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toMatch(/^\/login/);
    expect((await visitDashboard(user.cookie)).status).toBe(200);
  });

  test("another user's session id is a 404 and stays signed in", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const strangerPage = await serveDashboard(sessionsPage, getRequest("/dashboard/account/sessions", stranger.cookie));
    const [strangerSession] = (await strangerPage.json()).sessions;

    const response = await post({ intent: "revoke", sessionId: strangerSession.id }, user.cookie);

    expect(response.status).toBe(404);
    expect((await visitDashboard(stranger.cookie)).status).toBe(200);
    expect((await post({ intent: "revoke", sessionId: "not-a-uuid" }, user.cookie)).status).toBe(404);
  });

  test("Sign out everywhere else ends every other session and keeps this one", async () => {
    const user = await signedIn();
    const phone = await anotherSession(user);
    const laptop = await anotherSession(user);

    const response = await post({ intent: "revoke-others" }, user.cookie);

    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Signed out", description: "2 other sessions signed out." },
    ]);
    for (const cookie of [phone, laptop]) expect((await visitDashboard(cookie)).status).toBe(302);
    expect((await visitDashboard(user.cookie)).status).toBe(200);
  });

  test("a post without an intent is a 400, not a 500", async () => {
    const user = await signedIn();
    expect((await post({ intent: "explode" }, user.cookie)).status).toBe(400);
  });
});

test.each([
  [FIREFOX_LINUX, "Firefox on Linux"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome on macOS",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge on Windows",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Safari on iOS",
  ],
  ["curl/8.5.0", "curl"],
  [null, "Unknown browser"],
])("the user agent %s reads as %s", (userAgent, expected) => {
  expect(describeUserAgent(userAgent)).toBe(expected);
});
