import { describe, expect, test } from "vitest";
import { action as signup, loader as signupPage } from "#app/routes/signup.tsx";
import { action as acceptPageAction, loader as acceptPage } from "#app/routes/invitation-accept.tsx";
import { getDb } from "#db/database.ts";
import { createSignedInUser, TEST_PASSWORD, uniqueEmail } from "../factories.ts";
import { sessionCookie } from "#app/http/cookies.ts";
import { cookieHeaderFrom, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { api, tokenOf } from "./team-api.ts";

function signupForm(token: string, email: string) {
  const fields = {
    name: "Katherine Johnson",
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: "on",
    redirectTo: "/dashboard",
    invitation: token,
  };
  return respond(() => signup(routeArgs(formRequest("/signup", fields))));
}

describe("a new person from an invitation", () => {
  test("the signup page fixes the invited email; signing up lands in the invited team, with no team of their own", async () => {
    const owner = await createSignedInUser();
    const email = uniqueEmail("new");
    const sent = (await (await api.invite(owner, { email, role: "MARKETER" })).json()).data;
    const token = tokenOf(sent.acceptUrl);

    const page = await respond(() => signupPage(routeArgs(getRequest(`/signup?invitation=${token}`))));
    expect(await page.json()).toMatchObject({ invitation: { email, teamName: `${owner.name}'s team` } });

    const response = await signupForm(token, email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const sessionToken = (await sessionCookie.parse(cookieHeaderFrom(response))) as string;
    const me = (await (await api.me({ token: sessionToken })).json()).data;
    expect(me.team).toEqual({ id: owner.teamId, name: `${owner.name}'s team`, role: "MARKETER" });
    expect(me.teams).toHaveLength(1);

    // The link was spent by signing up.
    const again = await respond(() => acceptPage(routeArgs(getRequest(`/invitations/accept?token=${token}`))));
    expect(again.status).toBe(400);
    expect((await again.json()).problem).toBe("This invitation has already been used.");
  });

  test("signing up from an invitation with another address is refused on the email field", async () => {
    const owner = await createSignedInUser();
    const email = uniqueEmail("invited");
    const sent = (await (await api.invite(owner, { email, role: "VIEWER" })).json()).data;

    const response = await signupForm(tokenOf(sent.acceptUrl), uniqueEmail("someone-else"));

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.email).toEqual([
      `This invitation is for ${email}. Sign up with that address.`,
    ]);
    const users = await getDb()
      .selectFrom("users")
      .select("id")
      .where("name", "=", "Katherine Johnson")
      .where("email", "like", "someone-else%")
      .execute();
    expect(users).toEqual([]);
  });

  test("the accept page tells a person signed in with another address so, and accepting joins the right one", async () => {
    const owner = await createSignedInUser();
    const invitee = await createSignedInUser();
    const other = await createSignedInUser();
    const sent = (await (await api.invite(owner, { email: invitee.email, role: "VIEWER" })).json()).data;
    const path = `/invitations/accept?token=${tokenOf(sent.acceptUrl)}`;

    const otherCookie = { Cookie: await sessionCookieHeader(other.token) };
    const asOther = await respond(() => acceptPage(routeArgs(getRequest(path, otherCookie))));
    expect(await asOther.json()).toMatchObject({ signedInAs: other.email, emailMatches: false });

    const cookie = { Cookie: await sessionCookieHeader(invitee.token) };
    const accepted = await respond(() => acceptPageAction(routeArgs(formRequest(path, {}, cookie))));
    expect(accepted.status).toBe(302);
    expect((await (await api.me(invitee)).json()).data.team).toEqual({
      id: owner.teamId,
      name: `${owner.name}'s team`,
      role: "VIEWER",
    });
  });
});
