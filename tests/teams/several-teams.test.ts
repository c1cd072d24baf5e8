import { describe, expect, test } from "vitest";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout.tsx";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { createSignedInUser } from "../factories.ts";
import { action as apiLogin } from "#app/routes/api/auth-login.ts";
import { flashOf, getRequest, jsonRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { api } from "./team-api.ts";

describe("several teams per person", () => {
  test("POST /api/teams creates a team the person owns; POST /api/session/team switches to it", async () => {
    const person = await createSignedInUser();

    const created = await api.createTeam(person, "  Launch crew ");
    expect(created.status).toBe(201);
    const team = (await created.json()).data;
    expect(team).toEqual({ id: expect.any(String), name: "Launch crew", role: "OWNER" });
    expect((await (await api.me(person)).json()).data.team.id).toBe(person.teamId);

    const switched = await api.switchTeam(person, team.id);
    expect(switched.status).toBe(200);
    const me = (await (await api.me(person)).json()).data;
    expect(me.team).toEqual({ id: team.id, name: "Launch crew", role: "OWNER" });
    // By name: "Ada …'s team" before "Launch crew".
    expect(me.teams.map((one: { name: string }) => one.name)).toEqual([`${person.name}'s team`, "Launch crew"]);
  });

  test("switching to a team the person is not in, or to no team, is a 404; an empty name a 400", async () => {
    const person = await createSignedInUser();
    const stranger = await createSignedInUser();

    for (const teamId of [stranger.teamId, "not-a-uuid"]) {
      const response = await api.switchTeam(person, teamId);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Team not found." });
    }
    expect((await (await api.me(person)).json()).data.team.id).toBe(person.teamId);

    const empty = await api.createTeam(person, "   ");
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields).toEqual({ name: ["Team name is required"] });
  });

  test("a page request of a removed member shows where they are now; with no team left they are signed out", async () => {
    const owner = await createSignedInUser();
    const person = await createSignedInUser();
    await getDb()
      .insertInto("teamMembers")
      .values({ teamId: owner.teamId, userId: person.userId, role: "viewer" })
      .execute();
    const { token } = await createSession(getDb(), { userId: person.userId, teamId: owner.teamId });
    const cookie = { Cookie: await sessionCookieHeader(token) };
    await getDb()
      .deleteFrom("teamMembers")
      .where("userId", "=", person.userId)
      .where("teamId", "=", owner.teamId)
      .execute();

    const page = await serveDashboard(dashboardLoader, getRequest("/dashboard", cookie));
    expect(page.status).toBe(200);
    const body = await page.json();
    expect(body.team.name).toBe(`${person.name}'s team`);
    expect(body.teamNotice).toBe(
      `You are no longer a member of ${owner.name}'s team. You are now working in ${person.name}'s team.`,
    );

    // Removed from the last team they had: the session ends, and the login page says why.
    await getDb().deleteFrom("teamMembers").where("userId", "=", person.userId).execute();
    const after = await serveDashboard(dashboardLoader, getRequest("/dashboard", cookie));
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    expect(await flashOf(after)).toEqual([
      {
        type: "info",
        title: "Signed out",
        description: `You are no longer a member of ${person.name}'s team. You belong to no other team, so you were signed out.`,
      },
    ]);
    expect((await api.me({ token })).status).toBe(401);
  });

  test("an API call of a person removed from their only team is a 401 saying why", async () => {
    const person = await createSignedInUser();
    const { token } = await createSession(getDb(), { userId: person.userId, teamId: person.teamId });
    await getDb().deleteFrom("teamMembers").where("userId", "=", person.userId).execute();

    const response = await api.me({ token });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: `You are no longer a member of ${person.name}'s team. You belong to no other team, so you were signed out.`,
    });
  });

  test("someone in no team any more signs in to a new team of their own", async () => {
    const person = await createSignedInUser();
    await getDb().deleteFrom("teamMembers").where("userId", "=", person.userId).execute();

    const response = await respond(() =>
      apiLogin(routeArgs(jsonRequest("/api/auth/login", { email: person.email, password: person.password }))),
    );

    expect(response.status).toBe(200);
    const me = (await (await api.me({ token: (await response.json()).token })).json()).data;
    expect(me.team).toEqual({ id: expect.any(String), name: `${person.name}'s team`, role: "OWNER" });
    expect(me.team.id).not.toBe(person.teamId);
  });
});
