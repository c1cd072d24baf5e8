import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { action as segmentAction } from "#app/routes/api/segment.ts";
import { action as linkContacts } from "#app/routes/api/segment-contacts.ts";
import { action as createSegment, loader as listSegments } from "#app/routes/api/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Segment = { id: string; name: string; contactCount: number };

async function create(token: string, name: unknown) {
  const response = await respond(() =>
    createSegment(routeArgs(jsonRequest("/api/segments", { name }, { headers: bearer(token) }))),
  );
  return { status: response.status, body: await response.json() };
}

async function list(token: string): Promise<Segment[]> {
  const response = await respond(() => listSegments(routeArgs(getRequest("/api/segments", bearer(token)))));
  return ((await response.json()) as { data: Segment[] }).data;
}

function onSegment(token: string, id: string, method: string, body?: unknown) {
  const request =
    body === undefined
      ? new Request(`http://murmur.test/api/segments/${id}`, { method, headers: bearer(token) })
      : jsonRequest(`/api/segments/${id}`, body, { method, headers: bearer(token) });
  return respond(() => segmentAction(routeArgs(request, { params: { id } })));
}

function link(token: string, id: string, contactIds: unknown) {
  return respond(() =>
    linkContacts(
      routeArgs(jsonRequest(`/api/segments/${id}/contacts`, { contactIds }, { headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );
}

async function contactIdsOf(token: string, emails: string[]) {
  await respond(() =>
    importContacts(
      routeArgs(
        jsonRequest(
          "/api/contacts/import",
          { contacts: emails.map((email) => ({ email })) },
          { headers: bearer(token) },
        ),
      ),
    ),
  );
  const response = await respond(() => listContacts(routeArgs(getRequest("/api/contacts", bearer(token)))));
  return ((await response.json()) as { data: { id: string }[] }).data.map((c) => c.id);
}

describe("segments API", () => {
  test("create answers data.id, the list shows the real contact count after linking", async () => {
    const user = await createSignedInUser();
    const created = await create(user.token, "  VIPs  ");
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.any(String), name: "VIPs" } });
    const id = created.body.data.id as string;

    const ids = await contactIdsOf(user.token, ["a@example.com", "b@example.com", "c@example.com"]);
    const linked = await link(user.token, id, [ids[0], ids[1], ids[1]]);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({ data: { linked: 2, ignored: 0 } });
    // Linking again is harmless.
    await link(user.token, id, [ids[0]]);

    expect(await list(user.token)).toEqual([expect.objectContaining({ id, name: "VIPs", contactCount: 2 })]);
  });

  test("a blank name is refused with the spec's message", async () => {
    const user = await createSignedInUser();
    const blank = await create(user.token, "   ");
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ fields: { name: ["Segment name is required"] } });
  });

  test("rename and delete; afterwards the segment is gone", async () => {
    const user = await createSignedInUser();
    const { body } = await create(user.token, "Draft");
    const id = body.data.id as string;

    const renamed = await onSegment(user.token, id, "PATCH", { name: "Final" });
    expect(await renamed.json()).toEqual({ data: { id, name: "Final" } });

    const deleted = await onSegment(user.token, id, "DELETE");
    expect(deleted.status).toBe(204);
    expect(await list(user.token)).toEqual([]);
    const again = await onSegment(user.token, id, "DELETE");
    expect(again.status).toBe(404);
  });

  test("another team's segment is a 404 for every verb, and its contacts cannot be linked", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const { body } = await create(owner.token, "Owner's");
    const id = body.data.id as string;

    expect((await onSegment(stranger.token, id, "PATCH", { name: "Taken" })).status).toBe(404);
    expect((await onSegment(stranger.token, id, "DELETE")).status).toBe(404);
    expect((await link(stranger.token, id, [id])).status).toBe(404);
    expect((await onSegment(owner.token, "not-a-uuid", "DELETE")).status).toBe(404);

    // The stranger's own segment cannot take the owner's contacts either.
    const ownerContacts = await contactIdsOf(owner.token, ["secret@example.com"]);
    const mine = await create(stranger.token, "Mine");
    const linked = await link(stranger.token, mine.body.data.id, ownerContacts);
    expect(await linked.json()).toEqual({ data: { linked: 0, ignored: 1 } });
    expect(await list(owner.token)).toEqual([expect.objectContaining({ name: "Owner's", contactCount: 0 })]);
  });

  test("linking needs at least one contact id", async () => {
    const user = await createSignedInUser();
    const { body } = await create(user.token, "Empty");
    const response = await link(user.token, body.data.id, []);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { contactIds: ["Select at least one contact"] } });
  });

  test("oversized bodies answer 413 with a message, and change nothing", async () => {
    const user = await createSignedInUser();
    const { body } = await create(user.token, "Kept");
    const id = body.data.id as string;
    // Past each endpoint's limit (1 MB for a name, 8 MB for a list of ids), whatever the JSON holds.
    const bigName = JSON.stringify({ name: "n".repeat(1024 * 1024 + 1) });
    const bigList = JSON.stringify({
      contactIds: Array.from({ length: 250_000 }, () => "0f2c6a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f"),
    });

    const created = await respond(() =>
      createSegment(routeArgs(jsonRequest("/api/segments", bigName, { headers: bearer(user.token) }))),
    );
    const renamed = await onSegment(user.token, id, "PATCH", bigName);
    const linked = await respond(() =>
      linkContacts(
        routeArgs(jsonRequest(`/api/segments/${id}/contacts`, bigList, { headers: bearer(user.token) }), {
          params: { id },
        }),
      ),
    );

    for (const response of [created, renamed, linked]) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        message: expect.stringMatching(/^The request body is too large: at most \d+ MB can be sent here\.$/),
      });
    }
    expect(await list(user.token)).toEqual([expect.objectContaining({ id, name: "Kept", contactCount: 0 })]);
  });
});
