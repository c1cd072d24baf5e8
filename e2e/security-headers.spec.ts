import { type APIResponse, expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// Every answer carries the security headers (server/http/security-headers.ts), and
// every inline script of a page carries that answer's own nonce. Read as a client
// reads them, so the same with and without JavaScript in the browser.

const PAGES = [
  "/",
  "/terms",
  "/privacy",
  "/dashboard",
  "/dashboard/events",
  "/dashboard/contacts",
  "/dashboard/segments",
  "/dashboard/segments/new",
  "/dashboard/broadcasts",
  "/dashboard/broadcasts/new",
  "/dashboard/outbox",
  "/dashboard/analytics",
  "/dashboard/settings",
  "/dashboard/settings/channels",
  "/dashboard/settings/api-keys",
];

/** The nonce the response's policy admits scripts with. */
function policyNonce(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  expect(nonce, `the policy of ${response.url()} names a nonce: ${policy}`).toBeTruthy();
  return nonce!;
}

async function expectSecureHtml(
  response: APIResponse,
  referrerPolicy = "strict-origin-when-cross-origin",
): Promise<string> {
  const headers = response.headers();
  expect(headers["content-type"]).toContain("text/html");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(referrerPolicy);
  for (const directive of [
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "default-src 'self'",
  ]) {
    expect(headers["content-security-policy"]).toContain(directive);
  }
  // Served over plain http here, so no HSTS (browsers would ignore it anyway).
  expect(headers["strict-transport-security"]).toBeUndefined();

  const nonce = policyNonce(response);
  const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${response.url()} has scripts to hydrate with`).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  return nonce;
}

test("every page answers with the security headers and a nonce of its own that each of its inline scripts carries", async ({
  page,
}) => {
  const signedOut = [await page.request.get("/login"), await page.request.get("/signup")];
  await signInWithSessionRow(page);
  const signedIn = [];
  for (const path of PAGES) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    signedIn.push(response);
  }

  const nonces = [];
  for (const response of [...signedOut, ...signedIn]) nonces.push(await expectSecureHtml(response));
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("the same page asked twice gets two different nonces", async ({ request }) => {
  const first = await request.get("/login");
  const second = await request.get("/login");

  expect(policyNonce(first)).not.toBe(policyNonce(second));
});

test("not-found pages carry the headers too, and the token-bearing tracking and unsubscribe pages send no referrer to other sites", async ({
  request,
}) => {
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  await expectSecureHtml(missing);

  const unsubscribe = await request.get("/u/not-a-real-token");
  expect(unsubscribe.status()).toBe(404);
  await expectSecureHtml(unsubscribe, "same-origin");
  expect(await unsubscribe.text()).toContain("This unsubscribe link is not valid");

  const link = await request.get("/t/c/not-a-real-token", { maxRedirects: 0 });
  expect(link.status()).toBe(404);
  await expectSecureHtml(link, "no-referrer");
});

test("answers that are not pages are not sniffed into something else, and cannot be framed", async ({ request }) => {
  for (const response of [
    await request.get("/api/me"),
    await request.get("/favicon.svg"),
    await request.get("/healthz"),
  ]) {
    expect(response.headers()["x-content-type-options"], response.url()).toBe("nosniff");
    expect(response.headers()["content-security-policy"], response.url()).toContain("frame-ancestors 'none'");
  }
});
