import { describe, expect, test } from "vitest";
import { loader as auditLogApi } from "#app/routes/api/audit-log.ts";
import { getDb } from "#db/database.ts";
import { createSignedInUser, uniqueEmail } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { api, tokenOf } from "../teams/team-api.ts";

type Entry = { action: string; actor: { name: string | null }; target: { label: string | null }; details: unknown };

async function auditOf(owner: { token: string }): Promise<Entry[]> {
  const response = await respond(() => auditLogApi(routeArgs(getRequest("/api/audit-log", bearer(owner.token)))));
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

describe("the audit log of members and invitations", () => {
  test("an invitation sent, accepted, a role changed and a member removed each leave one entry naming who and whom", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const sent = await api.invite(owner, { email: invitee.email, role: "VIEWER" });
    const { acceptUrl } = (await sent.json()).data;
    expect((await api.accept(invitee, tokenOf(acceptUrl))).status).toBe(200);
    expect((await api.changeRole(owner, invitee.userId, "MARKETER")).status).toBe(200);
    expect((await api.remove(owner, invitee.userId)).status).toBe(204);

    const entries = await auditOf(owner);
    const members = entries.filter((entry) => /^(invitation|member)\./.test(entry.action));
    expect(members.map((entry) => [entry.action, entry.actor.name, entry.target.label])).toEqual([
      ["member.removed", owner.name, invitee.email],
      ["member.role-changed", owner.name, invitee.email],
      ["invitation.accepted", invitee.name, invitee.email],
      ["invitation.sent", owner.name, invitee.email],
    ]);
    expect(members[1]!.details).toEqual({ from: "viewer", to: "marketer" });
  });

  test("a revoked invitation is logged once, and the team is told when someone accepts", async () => {
    const owner = await createSignedInUser();
    const email = uniqueEmail("revoked");
    const { id } = (await (await api.invite(owner, { email, role: "VIEWER" })).json()).data;
    expect((await api.revoke(owner, id)).status).toBe(204);
    expect((await api.revoke(owner, id)).status).toBe(404);
    const revoked = (await auditOf(owner)).filter((entry) => entry.action === "invitation.revoked");
    expect(revoked.map((entry) => entry.target.label)).toEqual([email]);

    const invitee = await createSignedInUser();
    const { acceptUrl } = (await (await api.invite(owner, { email: invitee.email, role: "VIEWER" })).json()).data;
    await api.accept(invitee, tokenOf(acceptUrl));
    const told = await getDb()
      .selectFrom("notifications")
      .select(["userId", "title"])
      .where("teamId", "=", owner.teamId)
      .where("kind", "=", "invitation-accepted")
      .execute();
    expect(told).toEqual([{ userId: owner.userId, title: `${invitee.name} joined the team` }]);
  });
});
