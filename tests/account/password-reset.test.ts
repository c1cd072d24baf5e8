import { afterEach, describe, expect, test, vi } from "vitest";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout.tsx";
import { action as forgot, RESET_REQUESTED } from "#app/routes/forgot-password.tsx";
import { action as login } from "#app/routes/login.tsx";
import { action as reset, loader as resetPage } from "#app/routes/reset-password.tsx";
import { getDb } from "#db/database.ts";
import { COMMON_PASSWORD } from "#shared/auth/password-rules.ts";
import { settleBackground } from "#server/account/background.ts";
import { listOutbox, getOutboxMessage } from "#server/delivery/outbox.ts";
import { createSignedInUser, createUser, type TestUser } from "../factories.ts";
import { flashOf, setCookies, formRequest, getRequest, sessionCookieHeader, uniqueIp } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

const NEW_PASSWORD = "a brand new passphrase 42";

afterEach(() => vi.useRealTimers());

function askForReset(email: string, ip = uniqueIp()) {
  return respond(() => forgot(routeArgs(formRequest("/forgot-password", { email }), { ip })));
}

function submitReset(token: string, password = NEW_PASSWORD) {
  return respond(() =>
    reset(routeArgs(formRequest("/reset-password", { token, password, confirmPassword: password }))),
  );
}

function signIn(email: string, password: string) {
  return respond(() => login(routeArgs(formRequest("/login", { email, password, redirectTo: "/dashboard" }))));
}

/** The reset link in the newest mail the user's team outbox holds for them, as /dashboard/outbox shows it. */
async function resetTokenMailedTo(user: TestUser): Promise<string> {
  await settleBackground();
  const page = await listOutbox(getDb(), { teamId: user.teamId });
  const entry = page.rows.find((row) => row.toAddress === user.email && row.summary === "Reset your Murmur password");
  expect(entry).toBeDefined();
  const message = await getOutboxMessage(getDb(), { teamId: user.teamId, messageId: entry!.id });
  const text = message.content.channel === "EMAIL" ? message.content.text : "";
  const link = /http:\/\/murmur\.test\/reset-password\?token=([\w-]+)/.exec(text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe("forgot password", () => {
  test("answers the same redirect and toast for a known and an unknown email, and mails only the known one", async () => {
    const user = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@murmur.test`;

    const known = await askForReset(user.email);
    const missing = await askForReset(unknown);

    for (const response of [known, missing]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
      expect(await flashOf(response)).toEqual([
        { type: "success", title: "Check your email", description: RESET_REQUESTED },
      ]);
    }
    expect([...known.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort());
    await resetTokenMailedTo(user);
  });

  test("a bad email is a field message with 400", async () => {
    const response = await askForReset("not an email");

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.email).toEqual(["Enter a valid email address"]);
  });

  test("the sixth request in an hour for one email answers 429 with Retry-After and the form's message", async () => {
    // Limits count in fixed windows: a pinned clock keeps the test inside one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:20:00Z"));
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await askForReset(user.email)).status).toBe(302);

    const response = await askForReset(user.email);

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await response.json();
    expect(body.result.error[""]).toEqual([
      expect.stringMatching(/^Too many reset requests\. Please wait \d+ minutes? and try again\.$/),
    ]);
  });

  test("one address asking for 21 different emails in an hour is refused the 21st", async () => {
    // Limits count in fixed windows: a pinned clock keeps the test inside one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:20:00Z"));
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      expect((await askForReset(`someone-${i}-${crypto.randomUUID()}@murmur.test`, ip)).status).toBe(302);

    expect((await askForReset(`one-more-${crypto.randomUUID()}@murmur.test`, ip)).status).toBe(429);
  });
});

describe("the reset link", () => {
  test("sets the new password once, ends every session, and the old password stops working", async () => {
    const user = await createSignedInUser();
    await askForReset(user.email);
    const token = await resetTokenMailedTo(user);

    const page = await respond(() => resetPage(routeArgs(getRequest(`/reset-password?token=${token}`))));
    expect(await page.json()).toEqual({ token, valid: true });

    const response = await submitReset(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Password changed", description: "Sign in with your new password." },
    ]);

    const oldSession = await serveDashboard(
      dashboardLoader,
      getRequest("/dashboard", { Cookie: await sessionCookieHeader(user.token) }),
    );
    expect(oldSession.status).toBe(302);
    expect(oldSession.headers.get("Location")).toMatch(/^\/login/);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(302);

    const again = await submitReset(token, "yet another passphrase 7");
    expect(again.status).toBe(400);
    expect((await again.json()).result.error[""]).toEqual([
      "This reset link is invalid or has expired. Ask for a new one.",
    ]);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(302);
  });

  test("two concurrent uses of one link: exactly one succeeds", async () => {
    const user = await createUser();
    await askForReset(user.email);
    const token = await resetTokenMailedTo(user);

    const statuses = (await Promise.all([submitReset(token), submitReset(token, "another fine passphrase")])).map(
      (r) => r.status,
    );

    expect(statuses.sort()).toEqual([302, 400]);
  });

  test("expires after one hour", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    const user = await createUser();
    await askForReset(user.email);
    const token = await resetTokenMailedTo(user);

    vi.setSystemTime(new Date("2026-11-24T11:00:01Z"));
    const page = await respond(() => resetPage(routeArgs(getRequest(`/reset-password?token=${token}`))));
    expect(await page.json()).toEqual({ token, valid: false });
    expect((await submitReset(token)).status).toBe(400);
    vi.useRealTimers();
    expect((await signIn(user.email, user.password)).status).toBe(302);
  });

  test("a token only ever changes its own user's password", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await askForReset(alice.email);
    const aliceToken = await resetTokenMailedTo(alice);

    expect((await submitReset(aliceToken)).status).toBe(302);

    expect((await signIn(bob.email, bob.password)).status).toBe(302);
    expect((await signIn(bob.email, NEW_PASSWORD)).status).toBe(401);
  });

  test("a made-up token shows the invalid page and changes nothing", async () => {
    const page = await respond(() => resetPage(routeArgs(getRequest("/reset-password?token=made-up"))));
    expect(await page.json()).toEqual({ token: "made-up", valid: false });
    expect((await submitReset("made-up")).status).toBe(400);
  });

  test("the new password follows the signup rules", async () => {
    const user = await createUser();
    await askForReset(user.email);
    const token = await resetTokenMailedTo(user);

    const response = await submitReset(token, "short");

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.password[0]).toMatch(/at least/);
    // The token was not spent on a refused password.
    expect((await submitReset(token)).status).toBe(302);
  });

  test("a common password is refused on its field, and the link still works", async () => {
    const user = await createUser();
    await askForReset(user.email);
    const token = await resetTokenMailedTo(user);

    const response = await submitReset(token, "Password123");

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.password).toEqual([COMMON_PASSWORD]);
    expect((await signIn(user.email, "Password123")).status).toBe(401);
    expect((await submitReset(token)).status).toBe(302);
  });
});

test("the reset answer clears this browser's session cookie, as every session has ended", async () => {
  const user = await createSignedInUser();
  await askForReset(user.email);
  const response = await submitReset(await resetTokenMailedTo(user));
  expect(setCookies(response).get("murmur_session")?.attributes).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Max-Age=0$/i)]),
  );
});
