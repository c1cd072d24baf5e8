import { sql } from "kysely";
import { afterEach, describe, expect, test, vi } from "vitest";
import * as demoDelete from "#app/routes/dashboard/demo-delete.tsx";
import { loader as dashboardLayout } from "#app/routes/dashboard/layout.tsx";
import { action as watchDemo } from "#app/routes/demo.tsx";
import { sessionCookie } from "#app/http/cookies.ts";
import { getDb } from "#db/database.ts";
import { findSession } from "#server/auth/sessions.ts";
import { expireDemoTeams } from "#server/demo/expire-demo-teams.ts";
import { startDemo } from "#server/demo/start-demo.ts";
import { countHits } from "#server/rate-limits/counters.ts";
import { DEMO_STARTS_PER_IP } from "#server/demo/start-demo.ts";
import { signedIn } from "../factories.ts";
import {
  cookieHeaderFrom,
  flashOf,
  formRequest,
  getRequest,
  sessionCookieHeader,
  setCookies,
  uniqueIp,
} from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { memberOf } from "../teams/team-api.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";

const HOUR = 3_600_000;

const postDemo = (headers?: HeadersInit, ip = uniqueIp()) =>
  respond(() => watchDemo(routeArgs(formRequest("/demo", {}, headers), { ip })));

async function layoutOf(cookie: HeadersInit) {
  return (await serveDashboard(dashboardLayout, getRequest("/dashboard", cookie))).json();
}

/** Rows the team still has in every table that carries a team_id, by table: the catalog names them all. */
async function rowsLeft(teamId: string): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ table: string }>`
    select c.table_name as table from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = current_schema() and c.column_name = 'team_id' and t.table_type = 'BASE TABLE'`.execute(
    getDb(),
  );
  const left: Record<string, number> = {};
  for (const { table } of tables) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where team_id = ${teamId}`.execute(getDb());
    if (rows[0]!.n > 0) left[table] = rows[0]!.n;
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from teams where id = ${teamId}`.execute(getDb());
  if (rows[0]!.n > 0) left.teams = rows[0]!.n;
  return left;
}

afterEach(() => vi.useRealTimers());
// Each start seeds a whole demo team (3 to 8 s here, more on a busy machine): a minute, not the default 20 s.
describe("Watch Demo", { timeout: 60_000 }, () => {
  test("a visitor gets a demo person, a session and a demo team, labelled as demo; Delete demo removes it all and returns home", async () => {
    const started = await postDemo();
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe("/dashboard");
    expect(await flashOf(started)).toEqual([
      { type: "success", title: "Demo ready", description: "You are looking at demo data." },
    ]);
    const cookie = { Cookie: cookieHeaderFrom(started) };
    const layout = await layoutOf(cookie);
    expect(layout.team).toMatchObject({ name: "Larkspur (demo)", isDemo: true });
    expect(layout.user.name).toBe("Demo Visitor");
    const session = await findSession(getDb(), await sessionCookie.parse(cookie.Cookie));
    const teamId = session!.team.id;
    expect(Object.keys(await rowsLeft(teamId))).toEqual(expect.arrayContaining(["contacts", "events", "deliveries"]));

    const confirm = await serveDashboard(demoDelete.loader, getRequest("/dashboard/demo/delete", cookie));
    expect(confirm.status).toBe(200);
    const deleted = await serveDashboard(demoDelete.action, formRequest("/dashboard/demo/delete", {}, cookie));
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(setCookies(deleted).get(sessionCookie.name)?.attributes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Max-Age=0$/i)]),
    );
    expect(await rowsLeft(teamId)).toEqual({});
    expect(await getDb().selectFrom("users").select("id").where("id", "=", session!.user.id).execute()).toEqual([]);
    // The old cookie no longer opens anything.
    const after = await serveDashboard(dashboardLayout, getRequest("/dashboard", cookie));
    expect(after.status).toBe(302);
  });

  test("a signed-in person gets a demo team beside their own, and Delete demo takes them back to their team", async () => {
    const user = await signedIn();
    const started = await postDemo(user.cookie);
    expect(started.status).toBe(302);
    expect(setCookies(started).has(sessionCookie.name)).toBe(false);
    const inDemo = await layoutOf(user.cookie);
    expect(inDemo.team.isDemo).toBe(true);
    const demoTeamId = (await findSession(getDb(), user.token))!.team.id;
    expect(demoTeamId).not.toBe(user.teamId);

    const deleted = await serveDashboard(demoDelete.action, formRequest("/dashboard/demo/delete", {}, user.cookie));
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/dashboard");
    expect(await flashOf(deleted)).toEqual([{ type: "success", title: "Demo deleted" }]);
    const back = await layoutOf(user.cookie);
    expect(back.team).toMatchObject({ name: expect.stringContaining("'s team"), isDemo: false });
    expect(await rowsLeft(demoTeamId)).toEqual({});
  });

  test("deleting a demo team is its Owner's: an Admin in it gets 403 naming the role, and the demo keeps its data", async () => {
    const user = await signedIn();
    await postDemo(user.cookie);
    const demoTeamId = (await findSession(getDb(), user.token))!.team.id;
    const admin = await memberOf(demoTeamId, "admin");
    const cookie = { Cookie: await sessionCookieHeader(admin.token) };

    const page = await serveDashboard(demoDelete.loader, getRequest("/dashboard/demo/delete", cookie));
    expect(page.status).toBe(403);
    expect(await page.json()).toBe("An Admin cannot delete the team.");
    const refused = await serveDashboard(demoDelete.action, formRequest("/dashboard/demo/delete", {}, cookie));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toBe("An Admin cannot delete the team.");
    expect(Object.keys(await rowsLeft(demoTeamId))).toEqual(expect.arrayContaining(["contacts", "events"]));
    expect((await layoutOf(cookie)).team).toMatchObject({ isDemo: true });
  });

  test("a real team cannot be deleted as a demo: its delete page and action are 404s and it keeps its data", async () => {
    const user = await signedIn();
    const page = await serveDashboard(demoDelete.loader, getRequest("/dashboard/demo/delete", user.cookie));
    expect(page.status).toBe(404);
    const action = await serveDashboard(demoDelete.action, formRequest("/dashboard/demo/delete", {}, user.cookie));
    expect(action.status).toBe(404);
    expect((await layoutOf(user.cookie)).team.isDemo).toBe(false);
  });

  test("past the per-address limit Watch Demo answers 429 with the wait, and creates nothing", async () => {
    // Limits count in fixed windows: a pinned clock keeps the hits counted here and the
    // request in one (an hour ending in between let the request through, or told it to wait seconds).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:20:00Z"));
    const ip = uniqueIp();
    await countHits(getDb(), [{ rule: DEMO_STARTS_PER_IP, key: addressKey(ip), amount: DEMO_STARTS_PER_IP.limit }]);
    const teamsBefore = await getDb()
      .selectFrom("teams")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const refused = await postDemo(undefined, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(
      /^Too many demos started from this address\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(setCookies(refused).has(sessionCookie.name)).toBe(false);
    const teamsAfter = await getDb()
      .selectFrom("teams")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(teamsAfter.n).toBe(teamsBefore.n);
  });

  test("the expiry job removes a visitor's demo after 24 hours with its visitor, and keeps a signed-in person's", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 25 * HOUR);
    const visitor = await startDemo(getDb(), { session: null, client: { ip: uniqueIp() }, now: old, size: 50 });
    const fresh = await startDemo(getDb(), { session: null, client: { ip: uniqueIp() }, now, size: 50 });
    const user = await signedIn();
    const session = (await findSession(getDb(), user.token))!;
    const owned = await startDemo(getDb(), {
      session: { sessionId: session.sessionId, userId: user.userId },
      client: { ip: uniqueIp() },
      now: old,
      size: 50,
    });
    await expireDemoTeams(getDb(), { now });
    expect(await rowsLeft(visitor.teamId)).toEqual({});
    expect(await findSession(getDb(), visitor.session!.token)).toBeNull();
    expect((await rowsLeft(fresh.teamId)).contacts).toBe(50);
    expect((await rowsLeft(owned.teamId)).contacts).toBe(50);
  });
});
