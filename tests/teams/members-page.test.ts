import { describe, expect, test } from "vitest";
import { action as membersAction, loader as membersPage } from "#app/routes/dashboard/members.tsx";
import { action as roleAction } from "#app/routes/dashboard/member-role.ts";
import { action as revokeAction } from "#app/routes/dashboard/invitation-revoke.ts";
import { signedIn, uniqueEmail } from "../factories.ts";
import { flashOf, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { memberOf } from "./team-api.ts";

const PAGE = "/dashboard/settings/members";

describe("Settings > Members", () => {
  test("inviting shows the link once and lists the invitation with who sent it", async () => {
    const owner = await signedIn();
    const email = uniqueEmail("page");

    const response = await serveDashboard(
      membersAction,
      formRequest(PAGE, { intent: "invite", email, role: "ADMIN" }, owner.cookie),
    );

    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.sent).toEqual({ email, url: expect.stringMatching(/\/invitations\/accept\?token=[\w-]+$/) });
    const page = await (await serveDashboard(membersPage, getRequest(PAGE, owner.cookie))).json();
    expect(page.invitations).toEqual([
      expect.objectContaining({ email, role: "admin", invitedBy: owner.name, expired: false }),
    ]);
    expect(page.members).toEqual([expect.objectContaining({ userId: owner.userId, isYou: true, role: "owner" })]);

    const revoked = await serveDashboard(revokeAction, formRequest(`${PAGE}/x/revoke`, {}, owner.cookie), {
      id: page.invitations[0].id,
    });
    expect(await flashOf(revoked)).toEqual([
      { type: "success", title: "Invitation revoked", description: "Its link no longer works." },
    ]);
  });

  test("a bad address is a field message; a Viewer sees the members but cannot invite", async () => {
    const owner = await signedIn();
    const bad = await serveDashboard(
      membersAction,
      formRequest(PAGE, { intent: "invite", email: "nope", role: "VIEWER" }, owner.cookie),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error.email).toEqual(["Enter a valid email address"]);

    const viewer = await memberOf(owner.teamId, "viewer");
    const cookie = { Cookie: await sessionCookieHeader(viewer.token) };
    const page = await (await serveDashboard(membersPage, getRequest(PAGE, cookie))).json();
    expect(page.grantable).toEqual([]);
    expect(page.invitations).toEqual([]);
    expect(page.members).toHaveLength(2);
    const refused = await serveDashboard(
      membersAction,
      formRequest(PAGE, { intent: "invite", email: uniqueEmail(), role: "VIEWER" }, cookie),
    );
    expect(refused.status).toBe(403);
    expect((await refused.json()).toasts[0].description).toBe("A Viewer cannot manage members and invitations.");
  });

  test("a role form saves the role, and demoting the last Owner comes back with the reason", async () => {
    const owner = await signedIn();
    const marketer = await memberOf(owner.teamId, "marketer");

    const saved = await serveDashboard(roleAction, formRequest(`${PAGE}/x/role`, { role: "ADMIN" }, owner.cookie), {
      id: marketer.userId,
    });
    expect(saved.headers.get("Location")).toBe(PAGE);
    expect(await flashOf(saved)).toEqual([
      { type: "success", title: "Role changed", description: `${marketer.name} is now Admin.` },
    ]);

    const refused = await serveDashboard(roleAction, formRequest(`${PAGE}/x/role`, { role: "VIEWER" }, owner.cookie), {
      id: owner.userId,
    });
    expect(await flashOf(refused)).toEqual([
      {
        type: "error",
        title: "Role not changed",
        description: "A team needs at least one Owner. Make someone else an Owner first.",
      },
    ]);
  });
});
