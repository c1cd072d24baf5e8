import { describe, expect, test } from "vitest";
import { action as revokeAction, loader as revokePage } from "#app/routes/dashboard/api-key-revoke.tsx";
import { action as createAction, loader as keysPage } from "#app/routes/dashboard/api-keys.tsx";
import { getDb } from "#db/database.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { cookieHeaderFrom, formRequest, getRequest } from "../requests.ts";
import { basicAuth, postTracking } from "./fixtures.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

const PATH = "/dashboard/settings/api-keys";

describe("Settings → API keys", () => {
  test("creating a key shows it once in the answer; the list then shows only its first characters", async () => {
    const user = await signedIn();
    const created = await serveDashboard(
      createAction,
      formRequest(PATH, { intent: "create", name: "Web app", kind: "client" }, user.cookie),
    );
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.created).toEqual({ name: "Web app", kind: "client", key: expect.stringMatching(/^mwk_/) });
    expect(body.toasts).toEqual([{ type: "success", title: "Success", description: "API key created successfully" }]);

    const page = await serveDashboard(keysPage, getRequest(PATH, user.cookie));
    const { keys, host } = await page.json();
    expect(keys).toEqual([
      {
        id: expect.any(String),
        name: "Web app",
        kind: "client",
        prefix: body.created.key.slice(0, 10),
        createdAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(host).toBe("http://murmur.test");
    expect(JSON.stringify(keys)).not.toContain(body.created.key);
    expect((await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(body.created.key))).status).toBe(
      200,
    );
  });

  test("a server key is created when chosen and listed as one; an unknown kind is refused on the field", async () => {
    const user = await signedIn();
    expect(
      (
        await serveDashboard(
          createAction,
          formRequest(PATH, { intent: "create", name: "Backend", kind: "server" }, user.cookie),
        )
      ).status,
    ).toBe(201);
    const refused = await serveDashboard(
      createAction,
      formRequest(PATH, { intent: "create", name: "Other", kind: "root" }, user.cookie),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).result.error).toEqual({ kind: ['Kind must be "client" or "server"'] });
    const { keys } = await (await serveDashboard(keysPage, getRequest(PATH, user.cookie))).json();
    expect(keys.map((k: { name: string; kind: string }) => [k.name, k.kind])).toEqual([["Backend", "server"]]);
  });

  test("a blank name is refused on the field", async () => {
    const user = await signedIn();
    const answer = await serveDashboard(createAction, formRequest(PATH, { intent: "create", name: "  " }, user.cookie));
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.result.error).toEqual({ name: ["Key name is required"] });
    expect(body.created).toBeNull();
  });

  test("revoking asks first, then the key is marked revoked and refused by the tracking API", async () => {
    const user = await signedIn();
    const key = await createWriteKey(getDb(), {
      access: await ownerAccess(user.teamId),
      name: "Server",
      kind: "server",
    });
    const dialog = await serveDashboard(revokePage, getRequest(`${PATH}/${key.id}/revoke`, user.cookie), {
      id: key.id,
    });
    expect(await dialog.json()).toEqual({ key: { id: key.id, name: "Server", prefix: key.key.slice(0, 10) } });

    const revoked = await serveDashboard(revokeAction, formRequest(`${PATH}/${key.id}/revoke`, {}, user.cookie), {
      id: key.id,
    });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe(PATH);
    expect(await readFlashToasts(getRequest(PATH, { Cookie: cookieHeaderFrom(revoked) }))).toEqual([
      { type: "success", title: "Success", description: "API key revoked successfully" },
    ]);
    const { keys } = await (await serveDashboard(keysPage, getRequest(PATH, user.cookie))).json();
    expect(keys[0].revokedAt).toEqual(expect.any(String));
    expect((await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(key.key))).status).toBe(401);
  });

  test("another team's key cannot be seen or revoked: 404, and it keeps working", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const key = await createWriteKey(getDb(), {
      access: await ownerAccess(owner.teamId),
      name: "Owner's",
      kind: "client",
    });
    expect(
      (await serveDashboard(revokePage, getRequest(`${PATH}/${key.id}/revoke`, other.cookie), { id: key.id })).status,
    ).toBe(404);
    expect(
      (await serveDashboard(revokeAction, formRequest(`${PATH}/${key.id}/revoke`, {}, other.cookie), { id: key.id }))
        .status,
    ).toBe(404);
    expect(
      (await serveDashboard(revokePage, getRequest(`${PATH}/not-an-id/revoke`, other.cookie), { id: "not-an-id" }))
        .status,
    ).toBe(404);
    expect((await (await serveDashboard(keysPage, getRequest(PATH, other.cookie))).json()).keys).toEqual([]);
    expect((await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(key.key))).status).toBe(200);
  });

  test("signed out, the page sends you to sign in", async () => {
    const answer = await serveDashboard(keysPage, getRequest(PATH));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
  });
});
