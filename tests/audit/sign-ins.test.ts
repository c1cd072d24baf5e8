import { describe, expect, test } from "vitest";
import { loader as auditLogApi } from "#app/routes/api/audit-log.ts";
import { action as apiLogin } from "#app/routes/api/auth-login.ts";
import { action as loginForm } from "#app/routes/login.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createUser, signedIn, uniqueEmail } from "../factories.ts";
import { bearer, formRequest, getRequest, jsonRequest, uniqueIp } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type ApiEntry = {
  action: string;
  actor: { kind: string; id: string | null; name: string; email: string | null };
  target: { kind: string; id: string | null; label: string | null } | null;
  ip: string | null;
};

/** The audit log as the team's Owner reads it through the API. */
async function auditLogOf(owner: { token: string }, query = ""): Promise<ApiEntry[]> {
  const response = await respond(() =>
    auditLogApi(routeArgs(getRequest(`/api/audit-log${query}`, bearer(owner.token)))),
  );
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

function login(body: unknown, ip: string) {
  return respond(() => apiLogin(routeArgs(jsonRequest("/api/auth/login", body), { ip })));
}

describe("sign-ins in the audit log", () => {
  test("a sign-in through the API is recorded in the team signed into, with who, from where", async () => {
    const owner = await signedIn();
    const ip = uniqueIp();

    expect((await login({ email: owner.email, password: owner.password }, ip)).status).toBe(200);

    const [entry] = await auditLogOf(owner, "?action=sign-in");
    expect(entry).toMatchObject({
      action: "sign-in",
      actor: { kind: "person", id: owner.userId, name: owner.name, email: owner.email },
      target: { kind: "team", id: owner.teamId },
      ip,
    });
  });

  test("a sign-in through the login form is recorded too", async () => {
    const owner = await signedIn();
    const ip = uniqueIp();

    const response = await respond(() =>
      loginForm(routeArgs(formRequest("/login", { email: owner.email, password: owner.password }), { ip })),
    );

    expect(response.status).toBe(302);
    expect(await auditLogOf(owner, "?action=sign-in")).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ name: owner.name }), ip }),
    ]);
  });

  test("a wrong password is recorded in every team of the account tried, and the caller gets the same 401 as for an unknown email", async () => {
    const owner = await signedIn();
    const otherTeam = await signedIn();
    // The owner also belongs to a second team, as a Viewer there.
    await getDb()
      .insertInto("teamMembers")
      .values({ teamId: otherTeam.teamId, userId: owner.userId, role: "viewer" })
      .execute();
    const ip = uniqueIp();

    const wrong = await login({ email: owner.email.toUpperCase(), password: "not the password" }, ip);
    const unknown = await login({ email: uniqueEmail("nobody"), password: "not the password" }, ip);

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect([...wrong.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    for (const reader of [owner, otherTeam]) {
      expect(await auditLogOf(reader, "?action=sign-in.failed")).toEqual([
        expect.objectContaining({
          actor: { kind: "person", id: owner.userId, name: owner.name, email: owner.email },
          target: { kind: "user", id: owner.userId, label: owner.email },
          ip,
        }),
      ]);
    }
    expect(await auditLogOf(owner, "?action=sign-in")).toEqual([]);
  });

  test("a failed sign-in with an email nobody has records nothing anywhere", async () => {
    const email = uniqueEmail("nobody");
    const before = await getDb()
      .selectFrom("auditLog")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("targetLabel", "=", email)
      .executeTakeFirstOrThrow();

    expect((await login({ email, password: "whatever it is" }, uniqueIp())).status).toBe(401);

    const after = await getDb()
      .selectFrom("auditLog")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("targetLabel", "=", email)
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(0);
    expect(Number(after.n)).toBe(0);
  });

  test("an entry still names the person after they are renamed and their account is gone", async () => {
    const owner = await signedIn();
    const leaver = await createUser();
    // The leaver belongs to the owner's team only, so that is the team they sign in to.
    await getDb().deleteFrom("teamMembers").where("userId", "=", leaver.userId).execute();
    await getDb()
      .insertInto("teamMembers")
      .values({ teamId: owner.teamId, userId: leaver.userId, role: "marketer" })
      .execute();
    expect((await login({ email: leaver.email, password: leaver.password }, uniqueIp())).status).toBe(200);

    await getDb()
      .updateTable("users")
      .set({ name: `Renamed ${newId()}` })
      .where("id", "=", leaver.userId)
      .execute();
    await getDb().deleteFrom("sessions").where("userId", "=", leaver.userId).execute();
    await getDb().deleteFrom("teamMembers").where("userId", "=", leaver.userId).execute();
    await getDb().deleteFrom("users").where("id", "=", leaver.userId).execute();

    expect(await auditLogOf(owner, `?action=sign-in&actor=${leaver.userId}`)).toEqual([
      expect.objectContaining({ actor: { kind: "person", id: leaver.userId, name: leaver.name, email: leaver.email } }),
    ]);
  });
});
