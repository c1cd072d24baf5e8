import { describe, expect, test } from "vitest";
import { createSignedInUser } from "../factories.ts";
import { api, memberOf } from "./team-api.ts";

describe("PATCH /api/members/{userId}", () => {
  test("an Owner changes a member's role, and the member's next call acts with it", async () => {
    const owner = await createSignedInUser();
    const marketer = await memberOf(owner.teamId, "marketer");

    const response = await api.changeRole(owner, marketer.userId, "VIEWER");

    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ userId: marketer.userId, role: "VIEWER" });
    expect((await (await api.me(marketer)).json()).data.team.role).toBe("VIEWER");
  });

  test("the last Owner cannot be demoted; with a second Owner they can", async () => {
    const owner = await createSignedInUser();

    const response = await api.changeRole(owner, owner.userId, "ADMIN");
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("A team needs at least one Owner. Make someone else an Owner first.");

    const second = await memberOf(owner.teamId, "admin");
    expect((await api.changeRole(owner, second.userId, "OWNER")).status).toBe(200);
    expect((await api.changeRole(second, owner.userId, "ADMIN")).status).toBe(200);
  });

  test("two Owners demoting each other at once leave one Owner", async () => {
    const first = await createSignedInUser();
    const second = await memberOf(first.teamId, "owner");

    const statuses = (
      await Promise.all([api.changeRole(first, second.userId, "ADMIN"), api.changeRole(second, first.userId, "ADMIN")])
    ).map((response) => response.status);

    // The loser is refused whether it got past its role check first (409) or read the demotion (403).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const members = (await (await api.members(first)).json()).data as { role: string }[];
    expect(members.filter((member) => member.role === "OWNER")).toHaveLength(1);
  });

  test("an Admin cannot demote, promote to or remove an Owner, but manages the others", async () => {
    const owner = await createSignedInUser();
    const admin = await memberOf(owner.teamId, "admin");
    const viewer = await memberOf(owner.teamId, "viewer");

    const demote = await api.changeRole(admin, owner.userId, "VIEWER");
    expect(demote.status).toBe(403);
    expect((await demote.json()).message).toBe("An Admin cannot manage owners.");
    expect((await api.changeRole(admin, viewer.userId, "OWNER")).status).toBe(403);
    expect((await api.remove(admin, owner.userId)).status).toBe(403);

    expect((await api.changeRole(admin, viewer.userId, "MARKETER")).status).toBe(200);
    expect((await api.remove(admin, viewer.userId)).status).toBe(204);
  });

  test("a Viewer manages no one; a bad role is a 400 on the field", async () => {
    const owner = await createSignedInUser();
    const viewer = await memberOf(owner.teamId, "viewer");

    const response = await api.changeRole(viewer, owner.userId, "VIEWER");
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("A Viewer cannot manage members and invitations.");

    const bad = await api.changeRole(owner, viewer.userId, "owner-ish");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ role: ["Choose a role: OWNER, ADMIN, MARKETER or VIEWER"] });
  });

  test("someone of another team, or a malformed id, is a 404", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();

    for (const response of [
      await api.changeRole(owner, stranger.userId, "VIEWER"),
      await api.remove(owner, stranger.userId),
      await api.changeRole(owner, "not-a-uuid", "VIEWER"),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Member not found." });
    }
    expect((await (await api.me(stranger)).json()).data.team.role).toBe("OWNER");
  });
});

describe("DELETE /api/members/{userId}", () => {
  test("a removed member's open session moves to their own team at once, saying so on pages", async () => {
    const owner = await createSignedInUser();
    const member = await memberOf(owner.teamId, "marketer");
    expect((await (await api.me(member)).json()).data.team.id).toBe(owner.teamId);

    expect((await api.remove(owner, member.userId)).status).toBe(204);

    const me = (await (await api.me(member)).json()).data;
    expect(me.team.id).toBe(member.ownTeamId);
    expect(me.teams).toEqual([{ id: member.ownTeamId, name: `${member.name}'s team`, role: "OWNER" }]);
    expect((await (await api.members(member)).json()).data).toEqual([
      expect.objectContaining({ userId: member.userId }),
    ]);
  });

  test("the last Owner cannot leave; a member can", async () => {
    const owner = await createSignedInUser();
    const member = await memberOf(owner.teamId, "viewer");

    const response = await api.remove(owner, owner.userId);
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(
      "You are the last Owner of this team. Make someone else an Owner before you leave.",
    );

    expect((await api.remove(member, member.userId)).status).toBe(204);
    expect((await (await api.me(member)).json()).data.team.id).toBe(member.ownTeamId);
  });
});
