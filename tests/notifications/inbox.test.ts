import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { countUnread, listNotifications, markAllRead, markRead } from "#server/notifications/inbox.ts";
import { notifyTeam, type TeamEvent } from "#server/notifications/notify.ts";
import { readEnabledKinds, saveEnabledKinds } from "#server/notifications/preferences.ts";
import { createUser } from "../factories.ts";
import { addMember, titlesFor } from "./people.ts";

const event = (teamId: string, n: number, overrides: Partial<TeamEvent> = {}): TeamEvent => ({
  teamId,
  kind: "import-done",
  title: `Import ${n} finished`,
  linkPath: `/dashboard/imports/${n}`,
  dedupeKey: `test:${n}`,
  ...overrides,
});

describe("notifying a team", () => {
  test("reaches every member once per event, and not those who turned the kind off", async () => {
    const db = getDb();
    const owner = await createUser();
    const marketer = await addMember(owner.teamId);
    const quiet = await addMember(owner.teamId);
    const outsider = await createUser();
    await saveEnabledKinds(db, { userId: quiet.userId, enabled: ["campaign-sent"] });

    expect(await notifyTeam(db, event(owner.teamId, 1))).toBe(2);
    // A retried job tells the same event again: nobody hears it twice.
    expect(await notifyTeam(db, event(owner.teamId, 1))).toBe(0);

    expect(await titlesFor(owner)).toEqual(["Import 1 finished"]);
    expect(await titlesFor(marketer)).toEqual(["Import 1 finished"]);
    expect(await titlesFor(quiet)).toEqual([]);
    expect(await titlesFor(outsider)).toEqual([]);
    expect(await readEnabledKinds(db, { userId: quiet.userId })).toEqual(["campaign-sent"]);
  });

  test("lists newest first by keyset, counts unread, and marks one or all read for that person only", async () => {
    const db = getDb();
    const owner = await createUser();
    const marketer = await addMember(owner.teamId);
    for (let n = 1; n <= 5; n++) await notifyTeam(db, event(owner.teamId, n));

    const first = await listNotifications(db, { ...owner, limit: 2 });
    expect(first.rows.map((row) => row.title)).toEqual(["Import 5 finished", "Import 4 finished"]);
    const second = await listNotifications(db, { ...owner, limit: 2, after: first.nextCursor });
    expect(second.rows.map((row) => row.title)).toEqual(["Import 3 finished", "Import 2 finished"]);
    const back = await listNotifications(db, { ...owner, limit: 2, before: second.previousCursor });
    expect(back.rows.map((row) => row.title)).toEqual(["Import 5 finished", "Import 4 finished"]);

    expect(await countUnread(db, owner)).toBe(5);
    await markRead(db, { ...owner, notificationId: first.rows[0]!.id });
    expect(await countUnread(db, owner)).toBe(4);
    expect(await countUnread(db, marketer)).toBe(5);

    // The marketer's own copy is theirs: the owner's id is not found for them.
    await expect(markRead(db, { ...marketer, notificationId: first.rows[1]!.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(markRead(db, { ...owner, notificationId: "not-an-id" })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await markAllRead(db, owner)).toBe(4);
    expect(await countUnread(db, owner)).toBe(0);
    expect(await countUnread(db, marketer)).toBe(5);
  });

  test("belongs to the team it happened in: another team of the same person shows none of it", async () => {
    const db = getDb();
    const owner = await createUser();
    const elsewhere = await createUser();
    await db
      .insertInto("teamMembers")
      .values({ teamId: elsewhere.teamId, userId: owner.userId, role: "viewer" })
      .execute();
    await notifyTeam(db, event(elsewhere.teamId, 7));
    expect(await countUnread(db, { userId: owner.userId, teamId: elsewhere.teamId })).toBe(1);
    expect(await countUnread(db, owner)).toBe(0);
  });
});
