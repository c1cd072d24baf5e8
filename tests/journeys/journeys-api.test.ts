import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { bearer, getRequest, jsonRequest, ORIGIN } from "../requests.ts";
import { createSignedInUser } from "../factories.ts";
import { serveApi } from "../openapi/api-routes.ts";
import { staticSegment } from "../delivery/fixtures.ts";
import { memberOf } from "../teams/team-api.ts";
import { abandonedCartInput } from "./journey-fixtures.ts";

// The journeys API as a client uses it: the whole definition in one body, a bad step
// named by its path, states moved by POSTs, versions made by going live and publishing.

type Answer = { status: number; body: any };

async function call(request: Request): Promise<Answer> {
  const response = await serveApi(request);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const post = (token: string, path: string, body?: unknown) =>
  call(
    body === undefined
      ? new Request(ORIGIN + path, { method: "POST", headers: bearer(token) })
      : jsonRequest(path, body, { headers: bearer(token) }),
  );
const put = (token: string, path: string, body: unknown) =>
  call(jsonRequest(path, body, { method: "PUT", headers: bearer(token) }));
const get = (token: string, path: string) => call(getRequest(path, bearer(token)));
const remove = (token: string, path: string) =>
  call(new Request(ORIGIN + path, { method: "DELETE", headers: bearer(token) }));

async function versionsOf(journeyId: string) {
  return getDb()
    .selectFrom("journeyVersions")
    .select(["version", "definition"])
    .where("journeyId", "=", journeyId)
    .orderBy("version")
    .execute();
}

describe("the journeys API", () => {
  test("creates a journey in draft from its whole definition, lists it and reads it back", async () => {
    const user = await createSignedInUser();
    const created = await post(user.token, "/api/journeys", abandonedCartInput());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Abandoned cart",
      state: "draft",
      liveVersion: null,
      hasUnpublishedChanges: false,
      definition: { entry: { type: "event", event: "Cart Updated" }, reentry: { mode: "once" } },
    });
    const id = created.body.data.id as string;
    expect(created.body.data.definition.steps[0].timedOut[0]).toMatchObject({ id: "reminder", type: "send" });

    const listed = await get(user.token, "/api/journeys");
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id, name: "Abandoned cart", state: "draft", entered: 0, active: 0, converted: 0 }),
    ]);
    expect((await get(user.token, `/api/journeys/${id}`)).body.data.id).toBe(id);
  });

  test("refuses a bad step with a 400 naming its path in the JSON", async () => {
    const user = await createSignedInUser();
    const input = abandonedCartInput() as any;
    input.steps[0].timedOut.push({ type: "wait", seconds: 0 });
    const answer = await post(user.token, "/api/journeys", input);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ "steps.0.timedOut.1.seconds": ["seconds must be at least 1 second"] });
    expect(answer.body.message).toContain("steps.0.timedOut.1.seconds");
  });

  test("refuses Liquid that does not parse and a segment of another team, each by its path", async () => {
    const user = await createSignedInUser();
    const other = await createSignedInUser();
    const theirSegment = await staticSegment(other.teamId, [], "Theirs");
    const input = abandonedCartInput() as any;
    input.entry = { type: "segment", segmentId: theirSegment };
    input.steps[0].timedOut[0].content = "<p>{% if contact.name %}Hi</p>";
    const answer = await post(user.token, "/api/journeys", input);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields).toSorted()).toEqual(["entry.segmentId", "steps.0.timedOut.0.content"]);
    expect(answer.body.fields["entry.segmentId"]).toEqual(["No segment of this team has this id"]);
  });

  test("start freezes version 1; an edit of the live journey waits in the draft until it is published as version 2", async () => {
    const user = await createSignedInUser();
    const segmentId = await staticSegment(user.teamId, [], "Carts");
    const { body } = await post(user.token, "/api/journeys", abandonedCartInput());
    const id = body.data.id as string;

    const started = await post(user.token, `/api/journeys/${id}/start`);
    expect(started.body.data).toMatchObject({ state: "live", liveVersion: 1, hasUnpublishedChanges: false });
    const row = await getDb()
      .selectFrom("journeys")
      .select(["entryType", "entryEvent", "entrySegmentId", "startedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entryType: "event", entryEvent: "Cart Updated", entrySegmentId: null });
    expect(row.startedAt).toBeInstanceOf(Date);

    const edited = await put(user.token, `/api/journeys/${id}`, {
      ...abandonedCartInput("Abandoned cart, by segment"),
      entry: { type: "segment", segmentId },
    });
    expect(edited.body.data).toMatchObject({ state: "live", liveVersion: 1, hasUnpublishedChanges: true });
    expect((await versionsOf(id)).map((v) => (v.definition as any).entry.type)).toEqual(["event"]);

    const published = await post(user.token, `/api/journeys/${id}/start`);
    expect(published.body.data).toMatchObject({ state: "live", liveVersion: 2, hasUnpublishedChanges: false });
    expect((await versionsOf(id)).map((v) => [v.version, (v.definition as any).entry.type])).toEqual([
      [1, "event"],
      [2, "segment"],
    ]);
    const entry = await getDb()
      .selectFrom("journeys")
      .select(["entryType", "entryEvent", "entrySegmentId"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ entryType: "segment", entryEvent: null, entrySegmentId: segmentId });

    const again = await post(user.token, `/api/journeys/${id}/start`);
    expect(again).toEqual({ status: 409, body: { message: "This journey is already live." } });
  });

  test("moves draft → live → paused → live → stopped, and refuses the moves a state does not allow", async () => {
    const user = await createSignedInUser();
    const id = (await post(user.token, "/api/journeys", abandonedCartInput())).body.data.id as string;
    const move = async (verb: string) => {
      const answer = await post(user.token, `/api/journeys/${id}/${verb}`);
      return answer.status === 200 ? answer.body.data.state : `${answer.status} ${answer.body.message}`;
    };
    expect(await move("pause")).toBe("409 This journey is draft. Only a live journey can be paused.");
    expect(await move("stop")).toBe("409 This journey is a draft and has not started. Delete it instead.");
    expect(await move("start")).toBe("live");
    expect((await remove(user.token, `/api/journeys/${id}`)).body.message).toBe(
      "This journey is live. Stop it before deleting it.",
    );
    expect(await move("pause")).toBe("paused");
    expect(await move("pause")).toBe("409 This journey is already paused.");
    expect(await move("start")).toBe("live");
    expect(await move("stop")).toBe("stopped");
    expect(await move("start")).toBe("409 This journey is stopped. A stopped journey cannot start again.");
    expect(await move("stop")).toBe("409 This journey is already stopped.");
    const edit = await put(user.token, `/api/journeys/${id}`, abandonedCartInput());
    expect(edit).toEqual({ status: 409, body: { message: "This journey is stopped and can no longer be edited." } });
    // Resuming made no new version: the paused journey's contacts stay on the one they entered.
    expect((await versionsOf(id)).map((v) => v.version)).toEqual([1]);

    expect((await remove(user.token, `/api/journeys/${id}`)).status).toBe(204);
    expect((await get(user.token, `/api/journeys/${id}`)).status).toBe(404);
    const actions = await getDb()
      .selectFrom("auditLog")
      .select("action")
      .where("teamId", "=", user.teamId)
      .where("targetId", "=", id)
      .orderBy("createdAt")
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      "journey.created",
      "journey.started",
      "journey.paused",
      "journey.started",
      "journey.stopped",
      "journey.deleted",
    ]);
  });

  test("another team's journey is a 404 for every method, and stays as it was", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const id = (await post(owner.token, "/api/journeys", abandonedCartInput())).body.data.id as string;
    const notFound = { status: 404, body: { message: "Journey not found." } };
    expect(await get(stranger.token, `/api/journeys/${id}`)).toEqual(notFound);
    expect(await get(stranger.token, `/api/journeys/${id}/analytics`)).toEqual(notFound);
    expect(await put(stranger.token, `/api/journeys/${id}`, abandonedCartInput("Mine now"))).toEqual(notFound);
    expect(await post(stranger.token, `/api/journeys/${id}/start`)).toEqual(notFound);
    expect(await remove(stranger.token, `/api/journeys/${id}`)).toEqual(notFound);
    expect(await get(stranger.token, "/api/journeys/not-an-id")).toEqual(notFound);
    expect((await get(owner.token, `/api/journeys/${id}`)).body.data).toMatchObject({
      name: "Abandoned cart",
      state: "draft",
    });
  });

  test("a Viewer reads journeys but is refused 403 for every change", async () => {
    const owner = await createSignedInUser();
    const viewer = await memberOf(owner.teamId, "viewer");
    const id = (await post(owner.token, "/api/journeys", abandonedCartInput())).body.data.id as string;
    expect((await get(viewer.token, `/api/journeys/${id}`)).status).toBe(200);
    expect((await get(viewer.token, `/api/journeys/${id}/analytics`)).status).toBe(200);
    const change = { status: 403, body: { message: "A Viewer cannot change journeys." } };
    const start = { status: 403, body: { message: "A Viewer cannot start, pause or stop journeys." } };
    expect(await post(viewer.token, "/api/journeys", abandonedCartInput())).toEqual(change);
    expect(await put(viewer.token, `/api/journeys/${id}`, abandonedCartInput())).toEqual(change);
    expect(await remove(viewer.token, `/api/journeys/${id}`)).toEqual(change);
    expect(await post(viewer.token, `/api/journeys/${id}/start`)).toEqual(start);
    expect((await get(owner.token, `/api/journeys/${id}`)).body.data.state).toBe("draft");
  });
});
