import { describe, expect, onTestFinished, test, vi } from "vitest";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout.tsx";
import { action as login, loader as loginPage } from "#app/routes/login.tsx";
import { action as logout } from "#app/routes/logout.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { createSignedInUser, createUser } from "../factories.ts";
import { cookieHeaderFrom, formRequest, getRequest, sessionCookieHeader, setCookies, uniqueIp } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { holdClockOneMinuteIntoTheHour } from "./window-clock.ts";

function submit(fields: Record<string, string>) {
  return respond(() => login(routeArgs(formRequest("/login", fields))));
}

/** A dashboard page as the router serves it: the layout's middleware, then its loader. */
function visitDashboard(path: string, headers?: HeadersInit) {
  return serveDashboard(dashboardLoader, getRequest(path, headers));
}

describe("the login form", () => {
  test("a wrong password answers 401 with an 'Error' toast and keeps the email", async () => {
    const user = await createUser();

    const response = await submit({ email: user.email, password: "not my password", redirectTo: "/dashboard" });

    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.toasts).toEqual([{ type: "error", title: "Error", description: "Invalid email or password." }]);
    // The form-level error the page renders above the fields.
    expect(body.result.error[""]).toEqual(["Invalid email or password."]);
    expect(body.result.initialValue).toMatchObject({ email: user.email });
    expect(JSON.stringify(body)).not.toContain("not my password");
    expect(setCookies(response).has("murmur_session")).toBe(false);
  });

  test("after 10 failures from one address the form says to wait, with a 429 and Retry-After", async () => {
    holdClockOneMinuteIntoTheHour();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await createUser();
    const ip = uniqueIp();
    const attempt = (password: string) =>
      respond(() =>
        login(routeArgs(formRequest("/login", { email: user.email, password, redirectTo: "/dashboard" }), { ip })),
      );
    for (let i = 0; i < 10; i++) expect((await attempt("not my password")).status).toBe(401);

    const response = await attempt(user.password);

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBe(14 * 60);
    const body = await response.json();
    const message = expect.stringMatching(
      /^Too many failed sign-in attempts\. Please wait 14 minutes and try again\.$/,
    );
    expect(body.result.error[""]).toEqual([message]);
    expect(body.toasts).toEqual([{ type: "error", title: "Error", description: message }]);
    expect(setCookies(response).has("murmur_session")).toBe(false);
  });

  test("the right password signs in with a 'Welcome back!' toast", async () => {
    const user = await createUser();

    const response = await submit({ email: user.email, password: user.password, redirectTo: "/dashboard" });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const session = setCookies(response).get("murmur_session");
    expect(session?.attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(await readFlashToasts(getRequest("/dashboard", { Cookie: cookieHeaderFrom(response) }))).toEqual([
      { type: "success", title: "Welcome back!", description: "You've been successfully signed in." },
    ]);
  });

  test.each([
    ["/dashboard/contacts?page=2", "/dashboard/contacts?page=2"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
  ])("redirectTo %s leads to %s", async (redirectTo, expected) => {
    const user = await createUser();

    const response = await submit({ email: user.email, password: user.password, redirectTo });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(expected);
  });

  test("the page passes a same-site redirectTo to the form and drops another site's", async () => {
    const same = await respond(() => loginPage(routeArgs(getRequest("/login?redirectTo=%2Fdashboard%2Fsegments"))));
    const other = await respond(() => loginPage(routeArgs(getRequest("/login?redirectTo=https%3A%2F%2Fevil.example"))));

    expect(await same.json()).toEqual({ redirectTo: "/dashboard/segments" });
    expect(await other.json()).toEqual({ redirectTo: "/dashboard" });
  });
});

describe("the dashboard", () => {
  test("signed out, redirects to /login with the page to come back to", async () => {
    const response = await visitDashboard("/dashboard/contacts");

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fcontacts");
  });

  test("signed in, shows the user's name and team", async () => {
    const user = await createSignedInUser();

    const response = await visitDashboard("/dashboard/contacts", { Cookie: await sessionCookieHeader(user.token) });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { name: user.name, email: user.email },
      team: { name: `${user.name}'s team` },
    });
  });

  test("after signing out, redirects to /login again and the next page says 'Signed out'", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await respond(() => logout(routeArgs(formRequest("/logout", {}, { Cookie: cookie }))));

    expect(response.headers.get("Location")).toBe("/");
    expect(await readFlashToasts(getRequest("/", { Cookie: cookieHeaderFrom(response) }))).toEqual([
      { type: "success", title: "Signed out" },
    ]);
    const again = await visitDashboard("/dashboard", { Cookie: cookie });
    expect(again.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });
});
