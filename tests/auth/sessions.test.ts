import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { action as mePost, loader as me } from "#app/routes/api/me.ts";
import { action as apiNotFoundPost, loader as apiNotFound } from "#app/routes/api/not-found.ts";
import { action as signup } from "#app/routes/api/auth-signup.ts";
import { action as logout } from "#app/routes/logout.ts";
import { getDb } from "#db/database.ts";
import { createSignedInUser, TEST_PASSWORD, uniqueEmail } from "../factories.ts";
import { bearer, getRequest, jsonRequest, ORIGIN, sessionCookieHeader, setCookies } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

function getMe(headers?: HeadersInit) {
  return respond(() => me(routeArgs(getRequest("/api/me", headers))));
}

function sessionsOf(userId: string) {
  return getDb().selectFrom("sessions").selectAll().where("userId", "=", userId).execute();
}

describe("GET /api/me", () => {
  test("with a valid token shows the user and team", async () => {
    const user = await createSignedInUser();

    const response = await getMe(bearer(user.token));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        user: { id: user.userId, name: user.name, email: user.email },
        team: { id: user.teamId, name: `${user.name}'s team`, role: "OWNER" },
        teams: [{ id: user.teamId, name: `${user.name}'s team`, role: "OWNER" }],
      },
    });
  });

  test("without a token is a 401 in JSON", async () => {
    const response = await getMe();

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Authentication required: send a Bearer token." });
  });

  test("with a token nobody issued is a 401", async () => {
    const response = await getMe(bearer("garbage-token-that-was-never-issued"));

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Your session is invalid or has expired. Please sign in again." });
  });

  test("with an expired token is a 401", async () => {
    const user = await createSignedInUser();
    await getDb()
      .updateTable("sessions")
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where("userId", "=", user.userId)
      .execute();

    const response = await getMe(bearer(user.token));

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Your session is invalid or has expired. Please sign in again." });
  });

  test("after signing out with the session cookie, the token is a 401", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);
    expect((await getMe({ Cookie: cookie })).status).toBe(200);

    const logoutResponse = await respond(() =>
      logout(routeArgs(new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: cookie } }))),
    );

    expect(logoutResponse.status).toBe(302);
    expect(logoutResponse.headers.get("Location")).toBe("/");
    const cleared = setCookies(logoutResponse).get("murmur_session");
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toContain("Max-Age=0");

    const viaBearer = await getMe(bearer(user.token));
    const viaCookie = await getMe({ Cookie: cookie });
    expect(viaBearer.status).toBe(401);
    expect(viaCookie.status).toBe(401);
    expect(await viaBearer.json()).toEqual({ message: expect.any(String) });
  });

  test("signing out still ends a session its prepared lookup has seen many times", async () => {
    // The lookup is a prepared statement: past five runs PostgreSQL may keep one plan for every token.
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);
    for (let i = 0; i < 8; i++) expect((await getMe(bearer(user.token))).status).toBe(200);

    await respond(() =>
      logout(routeArgs(new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: cookie } }))),
    );

    for (let i = 0; i < 3; i++) expect((await getMe(bearer(user.token))).status).toBe(401);
  });

  test("POST is 405 in JSON", async () => {
    const response = await respond(() => mePost());

    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ message: "Method not allowed. Use GET." });
  });
});

describe("unknown /api paths", () => {
  test("with a valid token are a 404 in JSON", async () => {
    const user = await createSignedInUser();

    const get = await respond(() =>
      apiNotFound(routeArgs(getRequest("/api/whatever", bearer(user.token)), { params: { "*": "whatever" } })),
    );
    const post = await respond(() =>
      apiNotFoundPost(
        routeArgs(jsonRequest("/api/whatever/else", {}, { headers: bearer(user.token) }), {
          params: { "*": "whatever/else" },
        }),
      ),
    );

    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ message: "No API endpoint at GET /api/whatever." });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ message: "No API endpoint at POST /api/whatever/else." });
  });

  test("without a token are a 401, revealing nothing", async () => {
    const response = await respond(() =>
      apiNotFound(routeArgs(getRequest("/api/whatever"), { params: { "*": "whatever" } })),
    );

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Authentication required: send a Bearer token." });
  });
});

describe("sessions", () => {
  test("store only the token's SHA-256, never the token", async () => {
    const email = uniqueEmail();
    const response = await respond(() =>
      signup(routeArgs(jsonRequest("/api/auth/signup", { email, password: TEST_PASSWORD, name: "Hash Check" }))),
    );
    const { token } = (await response.json()) as { token: string };
    const user = await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();

    const rows = await sessionsOf(user.id);

    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Buffer.from(row.tokenHash).equals(createHash("sha256").update(token).digest())).toBe(true);
    const stored = Object.values(row).map((value) =>
      Buffer.isBuffer(value)
        ? [value.toString("utf8"), value.toString("hex"), value.toString("base64url")]
        : [String(value)],
    );
    expect(stored.flat().some((text) => text.includes(token))).toBe(false);
  });

  test("slide: a session last seen over an hour ago is renewed for 30 days", async () => {
    const user = await createSignedInUser();
    await getDb()
      .updateTable("sessions")
      .set({ lastSeenAt: sql<Date>`now() - interval '2 hours'`, expiresAt: sql<Date>`now() + interval '1 day'` })
      .where("userId", "=", user.userId)
      .execute();

    expect((await getMe(bearer(user.token))).status).toBe(200);

    const [row] = await sessionsOf(user.userId);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  test("a session seen 10 minutes ago records the visit but keeps an expiry renewed within the hour", async () => {
    const user = await createSignedInUser();
    await getDb()
      .updateTable("sessions")
      .set({
        lastSeenAt: sql<Date>`now() - interval '10 minutes'`,
        expiresAt: sql<Date>`now() + interval '30 days' - interval '10 minutes'`,
      })
      .where("userId", "=", user.userId)
      .execute();
    const [before] = await sessionsOf(user.userId);

    expect((await getMe(bearer(user.token))).status).toBe(200);

    const [after] = await sessionsOf(user.userId);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(Date.now() - after!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  test("a session seen within the minute is not written to", async () => {
    const user = await createSignedInUser();
    await getDb()
      .updateTable("sessions")
      .set({ lastSeenAt: sql<Date>`now() - interval '30 seconds'`, expiresAt: sql<Date>`now() + interval '1 day'` })
      .where("userId", "=", user.userId)
      .execute();
    const [before] = await sessionsOf(user.userId);

    expect((await getMe(bearer(user.token))).status).toBe(200);

    const [after] = await sessionsOf(user.userId);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(after!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
  });
});
