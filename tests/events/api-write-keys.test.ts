import { describe, expect, test } from "vitest";
import { action as revoke } from "#app/routes/api/write-key.ts";
import { action as create, loader as list } from "#app/routes/api/write-keys.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { basicAuth, postTracking } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";

type KeyRow = { id: string; name: string; kind: string; prefix: string; revokedAt: string | null; key?: string };

async function createKey(token: string, body: unknown) {
  const response = await respond(() =>
    create(routeArgs(jsonRequest("/api/write-keys", body, { headers: bearer(token) }))),
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { id: string; name: string; kind: string; key: string };
      message?: string;
      fields?: Record<string, string[]>;
    },
  };
}

async function listKeys(token: string) {
  const response = await respond(() => list(routeArgs(getRequest("/api/write-keys", bearer(token)))));
  return { status: response.status, body: (await response.json()) as { data: KeyRow[] } };
}

function revokeKey(token: string, id: string) {
  const request = new Request(`http://murmur.test/api/write-keys/${id}`, { method: "DELETE", headers: bearer(token) });
  return respond(() => revoke(routeArgs(request, { params: { id } })));
}

describe("/api/write-keys", () => {
  test("POST creates a named key (a client key unless asked otherwise) and shows it once; GET lists keys without it; the key works on /v1", async () => {
    const user = await createSignedInUser();
    const created = await createKey(user.token, { name: "  Web app  " });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: "Web app",
      kind: "client",
      key: expect.stringMatching(/^mwk_[\w-]{32}$/),
    });

    const listed = await listKeys(user.token);
    expect(listed.body.data).toEqual([
      {
        id: created.body.data.id,
        name: "Web app",
        kind: "client",
        prefix: created.body.data.key.slice(0, 10),
        createdAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.key);

    const tracked = await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(created.body.data.key));
    expect(tracked.status).toBe(200);
  });

  test("a name is required", async () => {
    const user = await createSignedInUser();
    const answer = await createKey(user.token, { name: " " });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Invalid request. name: Key name is required");
  });

  test("kind server makes a server key; any other kind is refused on the field", async () => {
    const user = await createSignedInUser();
    const server = await createKey(user.token, { name: "Backend", kind: "server" });
    expect(server.status).toBe(201);
    expect(server.body.data.kind).toBe("server");
    const wrong = await createKey(user.token, { name: "Backend", kind: "admin" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid request. kind: Kind must be "client" or "server"');
    expect((await listKeys(user.token)).body.data.map((k) => [k.name, k.kind])).toEqual([["Backend", "server"]]);
  });

  test("DELETE revokes: the key is listed as revoked and the tracking API refuses it", async () => {
    const user = await createSignedInUser();
    const { data } = (await createKey(user.token, { name: "Server" })).body;
    const answer = await revokeKey(user.token, data.id);
    expect(answer.status).toBe(200);
    expect((await listKeys(user.token)).body.data[0]?.revokedAt).toEqual(expect.any(String));
    expect((await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(data.key))).status).toBe(401);
  });

  test("another team's key is neither listed nor revocable (404); without a token, 401", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const { data } = (await createKey(owner.token, { name: "Owner's" })).body;
    expect((await listKeys(other.token)).body.data).toEqual([]);
    const answer = await revokeKey(other.token, data.id);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: "API key not found." });
    expect((await postTracking("track", { userId: "u", event: "Signed In" }, basicAuth(data.key))).status).toBe(200);

    const anonymous = await respond(() => list(routeArgs(getRequest("/api/write-keys"))));
    expect(anonymous.status).toBe(401);
  });
});
