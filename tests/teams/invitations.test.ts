import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { settleBackground } from "#server/account/background.ts";
import { listOutbox } from "#server/delivery/outbox.ts";
import { createSignedInUser, uniqueEmail } from "../factories.ts";
import { api, memberOf, tokenOf } from "./team-api.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

async function invite(owner: { token: string }, email: string, role = "MARKETER") {
  const response = await api.invite(owner, { email, role });
  expect(response.status).toBe(201);
  return (await response.json()).data as {
    id: string;
    email: string;
    role: string;
    expiresAt: string;
    acceptUrl: string;
  };
}

describe("POST /api/invitations", () => {
  test("answers the link, lists the invitation and mails the same link through the team's outbox", async () => {
    const owner = await createSignedInUser();
    const email = uniqueEmail("invitee");
    const before = Date.now();

    const sent = await invite(owner, email, "ADMIN");

    expect(sent).toEqual({
      id: expect.any(String),
      email,
      role: "ADMIN",
      expiresAt: expect.any(String),
      acceptUrl: expect.stringMatching(/^http:\/\/murmur\.test\/invitations\/accept\?token=[\w-]{43}$/),
    });
    const expires = new Date(sent.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expires - before).toBeLessThanOrEqual(7 * DAY_MS + 60_000);

    const listed = await (await api.invitations(owner)).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: sent.id, email, role: "ADMIN", invitedBy: owner.name }),
    ]);

    await settleBackground();
    const outbox = await listOutbox(getDb(), { teamId: owner.teamId });
    const mail = outbox.rows.find((row) => row.toAddress === email);
    expect(mail?.summary).toBe(`${owner.name} invited you to ${owner.name}'s team on Murmur`);
  });

  test("a bad role or email is a 400 naming the field", async () => {
    const owner = await createSignedInUser();
    const response = await api.invite(owner, { email: "not an email", role: "BOSS" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields.email).toEqual(["Enter a valid email address"]);
    expect(body.fields.role).toEqual(["Choose a role: OWNER, ADMIN, MARKETER or VIEWER"]);
  });

  test("an address already invited or already a member is a 409 on email", async () => {
    const owner = await createSignedInUser();
    const email = uniqueEmail("twice");
    await invite(owner, email);

    const again = await api.invite(owner, { email: email.toUpperCase(), role: "VIEWER" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      `${email.toUpperCase()} has already been invited. Resend the invitation instead.`,
    );

    const member = await api.invite(owner, { email: owner.email, role: "VIEWER" });
    expect(member.status).toBe(409);
    expect((await member.json()).message).toBe(`${owner.email} is already a member of this team.`);
  });

  test("an Admin cannot invite an Owner, and a Marketer cannot invite at all", async () => {
    const owner = await createSignedInUser();
    const admin = await memberOf(owner.teamId, "admin");
    const marketer = await memberOf(owner.teamId, "marketer");

    const asAdmin = await api.invite(admin, { email: uniqueEmail(), role: "OWNER" });
    expect(asAdmin.status).toBe(403);
    expect((await asAdmin.json()).message).toBe("An Admin cannot manage owners.");
    expect((await api.invite(admin, { email: uniqueEmail(), role: "MARKETER" })).status).toBe(201);

    const asMarketer = await api.invite(marketer, { email: uniqueEmail(), role: "VIEWER" });
    expect(asMarketer.status).toBe(403);
    expect((await asMarketer.json()).message).toBe("A Marketer cannot manage members and invitations.");
  });
});

describe("POST /api/invitations/accept", () => {
  test("joins the invitee to the team with the role, once: the second use is refused", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const sent = await invite(owner, invitee.email, "VIEWER");

    const accepted = await api.accept(invitee, tokenOf(sent.acceptUrl));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ data: { teamId: owner.teamId, role: "VIEWER" } });

    const members = (await (await api.members(owner)).json()).data;
    expect(members).toContainEqual({
      userId: invitee.userId,
      name: invitee.name,
      email: invitee.email,
      role: "VIEWER",
      joinedAt: expect.any(String),
    });
    expect((await (await api.invitations(owner)).json()).data).toEqual([]);

    const again = await api.accept(invitee, tokenOf(sent.acceptUrl));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("This invitation has already been used.");
  });

  test("an expired link is refused; resent, only the new link joins", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const sent = await invite(owner, invitee.email);
    await getDb()
      .updateTable("teamInvitations")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", sent.id)
      .execute();

    const response = await api.accept(invitee, tokenOf(sent.acceptUrl));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("This invitation has expired. Ask the team to resend it.");

    const stranger = await createSignedInUser();
    expect((await api.resend(stranger, sent.id)).status).toBe(404);
    const resend = await api.resend(owner, sent.id);
    expect(resend.status).toBe(200);
    const resent = (await resend.json()).data;
    expect(resent.acceptUrl).not.toBe(sent.acceptUrl);
    expect((await api.accept(invitee, tokenOf(sent.acceptUrl))).status).toBe(404);
    expect((await api.accept(invitee, tokenOf(resent.acceptUrl))).status).toBe(200);
  });

  test("a revoked link is refused; revoking another team's invitation is a 404", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const invitee = await createSignedInUser();
    const sent = await invite(owner, invitee.email);

    const foreign = await api.revoke(stranger, sent.id);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe("Invitation not found.");
    expect((await api.revoke(stranger, "not-a-uuid")).status).toBe(404);

    expect((await api.revoke(owner, sent.id)).status).toBe(204);
    const response = await api.accept(invitee, tokenOf(sent.acceptUrl));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("This invitation was revoked. Ask the team for a new one.");
  });

  test("someone signed in with another email is told plainly, and the link stays usable", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const other = await createSignedInUser();
    const sent = await invite(owner, invitee.email);

    const response = await api.accept(other, tokenOf(sent.acceptUrl));
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(
      `This invitation is for ${invitee.email}, but you are signed in as ${other.email}. Sign in as ${invitee.email} to accept it.`,
    );
    expect((await api.accept(invitee, tokenOf(sent.acceptUrl))).status).toBe(200);
  });

  test("an unknown token is a 404", async () => {
    const invitee = await createSignedInUser();
    const response = await api.accept(invitee, "x".repeat(43));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe("This invitation link is not valid. Ask the team for a new one.");
  });

  test("of two uses of one link at once, exactly one joins", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const sent = await invite(owner, invitee.email);
    const token = tokenOf(sent.acceptUrl);

    const statuses = (await Promise.all([api.accept(invitee, token), api.accept(invitee, token)])).map((r) => r.status);

    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const members = (await (await api.members(owner)).json()).data as { userId: string }[];
    expect(members.filter((member) => member.userId === invitee.userId)).toHaveLength(1);
  });
});
