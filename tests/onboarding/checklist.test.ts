import { describe, expect, test } from "vitest";
import { loader as dashboardPage } from "#app/routes/dashboard/index.tsx";
import { action as onboardingAction } from "#app/routes/dashboard/onboarding.ts";
import { getDb } from "#db/database.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { seedDemoTeam } from "#server/demo/seed-demo-team.ts";
import { createSession } from "#server/auth/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { flashOf, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";
import { memberOf } from "../teams/team-api.ts";

const checklist = async (cookie: HeadersInit) =>
  (await (await serveDashboard(dashboardPage, getRequest("/dashboard", cookie))).json()).onboarding;
const post = (cookie: HeadersInit, intent: string) =>
  serveDashboard(onboardingAction, formRequest("/dashboard/onboarding", { intent }, cookie));

describe("Dashboard onboarding checklist", () => {
  test("a new team sees five open steps; importing contacts and keeping the outbox tick theirs", async () => {
    const user = await signedIn();
    expect(await checklist(user.cookie)).toEqual({
      email: false,
      contacts: false,
      events: false,
      segments: false,
      campaigns: false,
    });
    await receiveImportChunk(getDb(), {
      access: await ownerAccess(user.teamId),
      input: {
        contacts: [{ name: "Ada", email: `ada-${user.teamId}@example.com`, phone: null }],
      },
    });
    expect(await checklist(user.cookie)).toMatchObject({ contacts: true, email: false });

    const kept = await post(user.cookie, "keep-outbox");
    expect(kept.status).toBe(302);
    expect(await flashOf(kept)).toEqual([
      { type: "success", title: "Outbox kept", description: "Campaign messages go to the built-in outbox." },
    ]);
    expect(await checklist(user.cookie)).toMatchObject({ contacts: true, email: true, segments: false });
    // Another team's checklist is its own.
    const other = await signedIn();
    expect(await checklist(other.cookie)).toMatchObject({ contacts: false, email: false });
  });

  test("dismissing hides it for the team; an unknown intent is a 400 that changes nothing", async () => {
    const user = await signedIn();
    const bad = await post(user.cookie, "explode");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "intent: Choose dismiss or keep-outbox" });
    expect(await checklist(user.cookie)).not.toBeNull();
    const dismissed = await post(user.cookie, "dismiss");
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("Location")).toBe("/dashboard");
    expect(await checklist(user.cookie)).toBeNull();
  });

  test("setting the team up is a manager's: a Viewer's dismiss is a 403 naming the role, and the checklist stays", async () => {
    const owner = await signedIn();
    const viewer = await memberOf(owner.teamId, "viewer");
    const cookie = { Cookie: await sessionCookieHeader(viewer.token) };
    const refused = await post(cookie, "dismiss");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toBe("A Viewer cannot change team settings.");
    const kept = await post(cookie, "keep-outbox");
    expect(kept.status).toBe(403);
    expect(await checklist(owner.cookie)).toMatchObject({ email: false });
  });

  test("it disappears once every step is done", async () => {
    const user = await createUser();
    const { teamId } = await seedDemoTeam(getDb(), { ownerId: user.userId, size: 30 });
    const { token } = await createSession(getDb(), { userId: user.userId, teamId });
    const cookie = { Cookie: await sessionCookieHeader(token) };
    expect(await checklist(cookie)).toMatchObject({ email: false, contacts: true, events: true, campaigns: true });
    await post(cookie, "keep-outbox");
    expect(await checklist(cookie)).toBeNull();
  });
});
