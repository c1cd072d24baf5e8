import { beforeAll, describe, expect, test } from "vitest";
import { action as segmentAction } from "#app/routes/api/segment.ts";
import { action as previewAction } from "#app/routes/api/segments-preview.ts";
import { action as createAction, loader as listLoader } from "#app/routes/api/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { type Seeded, seedFilterTeam } from "./filter-seed.ts";
import { respond, routeArgs } from "../serve-route.ts";

let seed: Seeded;
beforeAll(async () => {
  seed = await seedFilterTeam();
});

const all = (...conditions: unknown[]) => ({ type: "group", combinator: "and", conditions });
const pro = all({ type: "attribute", key: "plan", operator: "equals", value: "pro" });

async function post(
  action: typeof createAction | typeof previewAction,
  path: string,
  body: unknown,
  token = seed.token,
) {
  const response = await respond(() => action(routeArgs(jsonRequest(path, body, { headers: bearer(token) }))));
  return { status: response.status, body: await response.json() };
}

async function patch(id: string, body: unknown, token = seed.token) {
  const request = jsonRequest(`/api/segments/${id}`, body, { method: "PATCH", headers: bearer(token) });
  const response = await respond(() => segmentAction(routeArgs(request, { params: { id } })));
  return { status: response.status, body: await response.json() };
}

async function cards(token = seed.token): Promise<{ id: string; name: string; kind: string; contactCount: number }[]> {
  const response = await respond(() => listLoader(routeArgs(getRequest("/api/segments", bearer(token)))));
  return (await response.json()).data;
}

describe("filter segments API", () => {
  test("preview answers the live count and a sample of the team's contacts, newest first", async () => {
    const { status, body } = await post(previewAction, "/api/segments/preview", { filter: pro });
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 2,
      sample: [
        expect.objectContaining({ id: seed.people.carol.id, name: null, email: seed.people.carol.email }),
        expect.objectContaining({ id: seed.people.alice.id, name: "Alice Archer", phone: "+14155550101" }),
      ],
    });
  });

  test("a bad filter is a 400 naming the node", async () => {
    const filter = all({
      type: "group",
      combinator: "or",
      conditions: [
        { type: "event", operator: "performed", event: "X" },
        { type: "field", field: "name", operator: "like", value: "a" },
      ],
    });
    const { status, body } = await post(previewAction, "/api/segments/preview", { filter });
    expect(status).toBe(400);
    expect(body.message).toContain('filter.conditions[0].conditions[1].operator: Unknown operator "like"');
    expect(Object.keys(body.fields)).toEqual(["filter.conditions[0].conditions[1].operator"]);
    const created = await post(createAction, "/api/segments", {
      name: "Broken",
      filter: all({ type: "attribute", key: "seats", operator: "greater_than", value: "many" }),
    });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual({ "filter.conditions[0].value": ["Expected a number"] });
  });

  test("create { name, filter } makes a filter segment whose card counts its members live", async () => {
    const created = await post(createAction, "/api/segments", { name: "Pro plan", filter: pro });
    expect(created).toEqual({
      status: 201,
      body: { data: { id: expect.any(String), name: "Pro plan", kind: "filter" } },
    });
    const id = created.body.data.id as string;
    expect((await cards()).find((c) => c.id === id)).toEqual(
      expect.objectContaining({ kind: "filter", contactCount: 2 }),
    );

    const renamed = await patch(id, {
      name: "Pro or free",
      filter: all({ type: "attribute", key: "plan", operator: "in_list", value: ["pro", "free"] }),
    });
    expect(renamed).toEqual({ status: 200, body: { data: { id, name: "Pro or free", kind: "filter" } } });
    expect((await cards()).find((c) => c.id === id)).toEqual(
      expect.objectContaining({ name: "Pro or free", contactCount: 3 }),
    );

    const loop = await patch(id, { filter: all({ type: "segment", operator: "in", segmentId: id }) });
    expect(loop.status).toBe(400);
    expect(loop.body.fields).toEqual({
      "filter.conditions[0].segmentId": ["A segment cannot include itself, directly or through other segments"],
    });
  });

  test("a static segment has no filter to change", async () => {
    const { status, body } = await patch(seed.staticSegment.id, { filter: pro });
    expect(status).toBe(409);
    expect(body.message).toBe("Only a filter segment has a filter to change.");
  });

  test("another team cannot preview with, save, or change what is not theirs", async () => {
    const stranger = await createSignedInUser();
    const theirs = await post(previewAction, "/api/segments/preview", { filter: pro }, stranger.token);
    expect(theirs.body).toEqual({ count: 0, sample: [] });
    const naming = await post(
      createAction,
      "/api/segments",
      { name: "Peek", filter: all({ type: "segment", operator: "in", segmentId: seed.staticSegment.id }) },
      stranger.token,
    );
    expect(naming.status).toBe(400);
    expect(naming.body.fields).toEqual({ "filter.conditions[0].segmentId": ["No segment of this team has this id"] });
    const created = await post(createAction, "/api/segments", { name: "Mine", filter: pro });
    expect((await patch(created.body.data.id, { filter: all() }, stranger.token)).status).toBe(404);
  });
});
