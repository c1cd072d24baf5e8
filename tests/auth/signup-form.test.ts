import { afterEach, describe, expect, test, vi } from "vitest";
import { action as signup, loader as signupPage } from "#app/routes/signup.tsx";
import { loader as me } from "#app/routes/api/me.ts";
import { action as signIn } from "#app/routes/login.tsx";
import { getDb } from "#db/database.ts";
import { signupsPerIp } from "#server/auth/rate-limit.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { countHits } from "#server/rate-limits/counters.ts";
import { createSignedInUser, createUser, TEST_PASSWORD, uniqueEmail } from "../factories.ts";
import { cookieHeaderFrom, formRequest, getRequest, sessionCookieHeader, setCookies, uniqueIp } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";

function validForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const form: Record<string, string | undefined> = {
    name: "Katherine Johnson",
    email: uniqueEmail("form"),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: "on",
    redirectTo: "/dashboard",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined)) as Record<string, string>;
}

function submit(fields: Record<string, string>) {
  return respond(() => signup(routeArgs(formRequest("/signup", fields))));
}

afterEach(() => vi.useRealTimers());
describe("the signup form", () => {
  test("without accepting the terms answers 400 with the spec's toast", async () => {
    const response = await submit(validForm({ acceptTerms: undefined }));

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.toasts).toEqual([
      { type: "error", title: "Accept terms", description: "You must accept the Terms and Privacy Policy." },
    ]);
    expect(body.result.error.acceptTerms).toEqual(["You must accept the Terms and Privacy Policy."]);
    expect(setCookies(response).has("murmur_session")).toBe(false);
  });

  test("with passwords that differ answers 400 with the spec's toast", async () => {
    const response = await submit(validForm({ confirmPassword: `${TEST_PASSWORD}!` }));

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.toasts).toEqual([
      { type: "error", title: "Passwords do not match", description: "Please re-enter matching passwords." },
    ]);
    expect(body.result.error.confirmPassword).toEqual(["Please re-enter matching passwords."]);
  });

  test("does not send the passwords back to the page", async () => {
    const response = await submit(validForm({ confirmPassword: "something else entirely" }));

    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(body)).not.toContain("something else entirely");
  });

  test("with a short password shows the field message", async () => {
    const response = await submit(validForm({ password: "short", confirmPassword: "short" }));

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.password).toEqual(["Password must be at least 8 characters"]);
  });

  test("with a common password shows the field message and creates no account", async () => {
    const fields = validForm({ password: "iloveyou2", confirmPassword: "iloveyou2" });
    const response = await submit(fields);

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.password).toEqual([
      "This password is too common: it is on lists attackers try first. Choose another.",
    ]);
    expect(JSON.stringify(body)).not.toContain("iloveyou2");
    expect(setCookies(response).has("murmur_session")).toBe(false);
    const login = await respond(() =>
      signIn(
        routeArgs(formRequest("/login", { email: fields.email!, password: "iloveyou2", redirectTo: "/dashboard" })),
      ),
    );
    expect(login.status).toBe(401);
  });

  test("past 10 sign-ups an hour from one address, the form says to wait, with a 429 and Retry-After", async () => {
    // Limits count in fixed windows: a pinned clock keeps the hits counted here and the
    // request in one (an hour ending in between let the request through, or told it to wait seconds).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:20:00Z"));
    const ip = uniqueIp();
    await countHits(getDb(), [{ rule: signupsPerIp(), key: addressKey(ip), amount: 10 }]);

    const response = await respond(() => signup(routeArgs(formRequest("/signup", validForm()), { ip })));

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await response.json();
    const message = expect.stringMatching(
      /^Too many sign-ups from this address\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(body.result.error[""]).toEqual([message]);
    expect(body.toasts).toEqual([{ type: "error", title: "Signup failed", description: message }]);
    expect(setCookies(response).has("murmur_session")).toBe(false);
  });

  test("with a taken email answers 409 with a 'Signup failed' toast and the message on the email field", async () => {
    const existing = await createUser();

    const response = await submit(validForm({ email: existing.email }));

    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.toasts).toEqual([
      { type: "error", title: "Signup failed", description: "An account with this email already exists." },
    ]);
    expect(body.result.error.email).toEqual(["An account with this email already exists."]);
  });

  test("success redirects to /dashboard with a session cookie and an 'Account created' toast", async () => {
    const fields = validForm();
    const response = await submit(fields);

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const session = setCookies(response).get("murmur_session");
    expect(session?.value).not.toBe("");
    expect(session?.attributes).toContain("HttpOnly");
    expect(session?.attributes).toContain("SameSite=Lax");
    expect(session?.attributes).toContain("Path=/");
    expect(setCookies(response).has("murmur_flash")).toBe(true);

    const nextRequest = getRequest("/dashboard", { Cookie: cookieHeaderFrom(response) });
    expect(await readFlashToasts(nextRequest)).toEqual([
      { type: "success", title: "Account created", description: "Welcome to Murmur!" },
    ]);
    const meResponse = await respond(() => me(routeArgs(nextRequest)));
    expect((await meResponse.json()).data.user).toMatchObject({ name: fields.name, email: fields.email });
  });

  test("success returns to a same-site redirectTo but never to another site", async () => {
    const back = await submit(validForm({ redirectTo: "/dashboard/segments" }));
    const away = await submit(validForm({ redirectTo: "https://evil.example" }));

    expect(back.headers.get("Location")).toBe("/dashboard/segments");
    expect(away.headers.get("Location")).toBe("/dashboard");
  });

  test("a signed-in visitor is sent on to the dashboard", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await respond(() => signupPage(routeArgs(getRequest("/signup", { Cookie: cookie }))));

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});
