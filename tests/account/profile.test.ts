import { describe, expect, test, vi, afterEach } from "vitest";
import { action as profileAction } from "#app/routes/dashboard/account.tsx";
import { action as confirmAction, loader as confirmPage } from "#app/routes/confirm-email.tsx";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout.tsx";
import { action as login } from "#app/routes/login.tsx";
import { getDb } from "#db/database.ts";
import { COMMON_PASSWORD } from "#shared/auth/password-rules.ts";
import { createSession } from "#server/auth/sessions.ts";
import { getOutboxMessage, listOutbox } from "#server/delivery/outbox.ts";
import { signedIn, createUser, uniqueEmail } from "../factories.ts";
import { flashOf, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

afterEach(() => vi.useRealTimers());

const NEW_PASSWORD = "a fresh and long passphrase";

function post(fields: Record<string, string>, cookie: HeadersInit) {
  return serveDashboard(profileAction, formRequest("/dashboard/account", fields, cookie));
}

function visitDashboard(cookie: HeadersInit) {
  return serveDashboard(dashboardLoader, getRequest("/dashboard", cookie));
}

function signIn(email: string, password: string) {
  return respond(() => login(routeArgs(formRequest("/login", { email, password, redirectTo: "/dashboard" }))));
}

function confirm(token: string) {
  return respond(() => confirmAction(routeArgs(formRequest("/confirm-email", { token }))));
}

/** The confirmation link's token in the mail the team's outbox holds for `address`. */
async function confirmationTokenFor(teamId: string, address: string): Promise<string> {
  const page = await listOutbox(getDb(), { teamId });
  const entry = page.rows.find((row) => row.toAddress === address);
  expect(entry?.summary).toBe("Confirm your new Murmur email");
  const message = await getOutboxMessage(getDb(), { teamId, messageId: entry!.id });
  const text = message.content.channel === "EMAIL" ? message.content.text : "";
  return /\/confirm-email\?token=([\w-]+)/.exec(text)![1]!;
}

describe("Profile: name", () => {
  test("a new name shows in the dashboard from the next page on", async () => {
    const user = await signedIn();

    const response = await post({ intent: "name", name: "Grace Hopper" }, user.cookie);

    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Profile", description: "Your name is saved." },
    ]);
    expect((await (await visitDashboard(user.cookie)).json()).user.name).toBe("Grace Hopper");
  });

  test("an empty name is a field message with 400", async () => {
    const user = await signedIn();
    const response = await post({ intent: "name", name: "  " }, user.cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.name).toEqual(["Full name is required"]);
  });
});

describe("Profile: password", () => {
  test("the wrong current password is a message on that field and changes nothing", async () => {
    const user = await signedIn();

    const response = await post(
      { intent: "password", currentPassword: "nope", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      user.cookie,
    );

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.currentPassword).toEqual(["The current password is not right."]);
    expect((await signIn(user.email, user.password)).status).toBe(302);
  });

  test("a common new password is a message on that field and changes nothing", async () => {
    const user = await signedIn();

    const response = await post(
      { intent: "password", currentPassword: user.password, password: "iloveyou2", confirmPassword: "iloveyou2" },
      user.cookie,
    );

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.password).toEqual([COMMON_PASSWORD]);
    expect((await signIn(user.email, "iloveyou2")).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(302);
  });

  test("after 10 wrong current passwords the form answers 429, even to the right one, until the window ends", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    // Thirteen password hashings or checks, each costly on purpose: more time than most tests.
    const user = await signedIn();
    const change = (currentPassword: string) =>
      post({ intent: "password", currentPassword, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, user.cookie);
    // A right password in between is not a guess: it does not count toward the limit.
    expect((await change(user.password)).status).toBe(302);
    for (let i = 0; i < 10; i++) expect((await change(`guess ${i}`)).status).toBe(400);

    const refused = await change(NEW_PASSWORD);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).result.error[""]).toEqual([
      "Too many wrong current passwords. Please wait 15 minutes and try again.",
    ]);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(302);
    vi.setSystemTime(new Date("2026-11-24T10:15:00Z"));
    expect((await change(NEW_PASSWORD)).status).toBe(302);
  }, 90_000);

  test("a change ends every other session, keeps this one, and the new password signs in", async () => {
    const user = await signedIn();
    const { token } = await createSession(getDb(), { userId: user.userId, teamId: user.teamId });
    const otherBrowser = { Cookie: await sessionCookieHeader(token) };

    const response = await post(
      { intent: "password", currentPassword: user.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      user.cookie,
    );

    expect(response.status).toBe(302);
    expect((await visitDashboard(user.cookie)).status).toBe(200);
    const other = await visitDashboard(otherBrowser);
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toMatch(/^\/login/);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(302);
  });
});

describe("Profile: email", () => {
  test("the old email stays until the link sent to the new address is used, once", async () => {
    const user = await signedIn();
    const newEmail = uniqueEmail("moved");

    const response = await post({ intent: "email", email: newEmail }, user.cookie);

    expect(response.status).toBe(302);
    expect((await (await visitDashboard(user.cookie)).json()).user.email).toBe(user.email);
    const token = await confirmationTokenFor(user.teamId, newEmail);
    // Opening the link changes nothing by itself.
    await respond(() => confirmPage(routeArgs(getRequest(`/confirm-email?token=${token}`))));
    expect((await (await visitDashboard(user.cookie)).json()).user.email).toBe(user.email);

    const confirmed = await confirm(token);

    expect(confirmed.status).toBe(302);
    expect(await flashOf(confirmed)).toEqual([
      { type: "success", title: "Email changed", description: `Your account now uses ${newEmail}.` },
    ]);
    expect((await (await visitDashboard(user.cookie)).json()).user.email).toBe(newEmail);
    expect((await signIn(newEmail, user.password)).status).toBe(302);
    expect((await confirm(token)).status).toBe(400);
  });

  test("a link older than 24 hours does nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    const user = await signedIn();
    const newEmail = uniqueEmail("late");
    await post({ intent: "email", email: newEmail }, user.cookie);
    const token = await confirmationTokenFor(user.teamId, newEmail);

    vi.setSystemTime(new Date("2026-11-25T10:00:01Z"));
    const response = await confirm(token);

    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(
      "This confirmation link is invalid or has expired. Ask for a new one from your profile.",
    );
  });

  test("an address another account uses is refused on the field", async () => {
    const user = await signedIn();
    const other = await createUser();

    const response = await post({ intent: "email", email: other.email }, user.cookie);

    expect(response.status).toBe(409);
    expect((await response.json()).result.error.email).toEqual(["An account with this email already exists."]);
  });

  test("the sixth request in an hour answers 429 with Retry-After and sends nothing more", async () => {
    // Limits count in fixed windows: a pinned clock keeps the test inside one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:20:00Z"));
    const user = await signedIn();
    for (let i = 0; i < 5; i++)
      expect((await post({ intent: "email", email: uniqueEmail("try") }, user.cookie)).status).toBe(302);
    const sixth = uniqueEmail("sixth");

    const response = await post({ intent: "email", email: sixth }, user.cookie);

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await response.json()).result.error[""]).toEqual([
      expect.stringMatching(/^Too many email changes\. Please wait \d+ minutes? and try again\.$/),
    ]);
    const outbox = await listOutbox(getDb(), { teamId: user.teamId });
    expect(outbox.rows.map((row) => row.toAddress)).not.toContain(sixth);
  });
});
