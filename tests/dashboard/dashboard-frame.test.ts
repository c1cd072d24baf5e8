import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { loader as dashboardLayout } from "#app/routes/dashboard/layout.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { listTeamsOf } from "#server/members/teams.ts";
import { readBell } from "#server/notifications/bell.ts";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";

describe("the frame around every dashboard page", () => {
  test("shows the person's teams, the demo flag, the zone and the bell exactly as the domain functions answer them", async () => {
    const db = getDb();
    const user = await signedIn();
    await db
      .updateTable("teams")
      .set({ isDemo: true, timeZone: "Asia/Kolkata" })
      .where("id", "=", user.teamId)
      .execute();
    // A second team whose name sorts first, and another person's notifications in this team.
    const other = newId();
    await db.insertInto("teams").values({ id: other, name: "Aardvark Ltd" }).execute();
    await db.insertInto("teamMembers").values({ teamId: other, userId: user.userId, role: "viewer" }).execute();
    const stranger = await signedIn();
    await db
      .insertInto("teamMembers")
      .values({ teamId: user.teamId, userId: stranger.userId, role: "viewer" })
      .execute();
    // Twelve notifications: two at the same microsecond (the id decides), some read,
    // times with microseconds the page shows to the millisecond; one for someone else.
    const at = (i: number) => sql<Date>`timestamptz '2026-11-20 10:00:00.123456+00' + ${`${i} minutes`}::interval`;
    for (let i = 0; i < 12; i++) {
      await db
        .insertInto("notifications")
        .values({
          id: newId(),
          teamId: user.teamId,
          userId: user.userId,
          kind: "import-done",
          title: `Import ${i}`,
          body: `Body ${i}`,
          linkPath: `/dashboard/imports/${i}`,
          dedupeKey: `frame-test:${i}`,
          createdAt: at(Math.min(i, 10)),
          readAt: i % 3 === 0 ? new Date() : null,
        })
        .execute();
    }
    await db
      .insertInto("notifications")
      .values({
        id: newId(),
        teamId: user.teamId,
        userId: stranger.userId,
        kind: "import-done",
        title: "Not yours",
        body: "",
        linkPath: "/dashboard",
        dedupeKey: "frame-test:stranger",
      })
      .execute();

    const page = await (await serveDashboard(dashboardLayout, getRequest("/dashboard", user.cookie))).json();
    const bell = await readBell(db, { userId: user.userId, teamId: user.teamId });
    expect(page.notifications).toEqual({
      unread: bell.unread,
      latest: bell.latest.map(({ kind: _, ...n }) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      timeZone: "Asia/Kolkata",
    });
    expect(page.notifications.unread).toBe(8);
    expect(page.notifications.latest).toHaveLength(10);
    expect(page.notifications.latest.at(-1).title).toBe("Import 2");
    expect(page.teams).toEqual((await listTeamsOf(db, { userId: user.userId })).map(({ id, name }) => ({ id, name })));
    expect(page.teams[0]).toEqual({ id: other, name: "Aardvark Ltd" });
    expect(page.team).toMatchObject({ id: user.teamId, isDemo: true });
  });
});
