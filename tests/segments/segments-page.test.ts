import { describe, expect, test } from "vitest";
import { middleware as dashboardMiddleware } from "../../app/routes/dashboard/layout.tsx";
import { action as deleteAction, loader as deletePage } from "../../app/routes/dashboard/segment-delete.tsx";
import { action as editAction, loader as editPage } from "../../app/routes/dashboard/segment-edit.tsx";
import { action as createAction } from "../../app/routes/dashboard/segment-new.tsx";
import { loader as segmentsPage } from "../../app/routes/dashboard/segments.tsx";
import { getDb } from "../../db/database.ts";
import { receiveImportChunk } from "../../server/contacts/receive-import.ts";
import { readFlashToasts } from "../../server/http/toast.ts";
import { findSegment } from "../../server/segments/find-segment.ts";
import { createSegment, listSegments } from "../../server/segments/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { cookieHeaderFrom, formRequest, getRequest, respond, routeArgs, sessionCookieHeader } from "../requests.ts";

type Handler = (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown;

/**
 * A request to a segments route as the router serves it: the dashboard's
 * middleware puts the session in the context, then the loader or action runs.
 * A thrown `data(…, { status })` becomes that response, as the router makes it.
 */
async function serve(handler: Handler, request: Request, params: { id: string } = { id: "" }) {
  const args = routeArgs(request, { params });
  const [requireUser] = dashboardMiddleware;
  return respond(() =>
    requireUser!(args, async () => {
      try {
        return await respond(() => handler(args));
      } catch (thrown) {
        if (isThrownData(thrown)) return Response.json(thrown.data, thrown.init ?? undefined);
        throw thrown;
      }
    }),
  );
}

function isThrownData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function signedIn() {
  const user = await createSignedInUser();
  return { ...user, cookie: { Cookie: await sessionCookieHeader(user.token) } };
}

async function flashOf(response: Response) {
  return readFlashToasts(getRequest("/dashboard/segments", { Cookie: cookieHeaderFrom(response) }));
}

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("the segments page", () => {
  test("lists the team's segments with their real contact counts, and only the team's", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const contacts = Array.from({ length: 3 }, (_, i) => ({ name: `Person ${i}`, email: `person${i}@example.com`, phone: null }));
    await receiveImportChunk(getDb(), user.teamId, { contacts, segmentName: "Imported" });
    await createSegment(getDb(), { teamId: user.teamId, name: "Empty" });
    await createSegment(getDb(), { teamId: other.teamId, name: "Not mine" });

    const response = await serve(segmentsPage, getRequest("/dashboard/segments", user.cookie));

    expect(response.status).toBe(200);
    const { segments } = await response.json();
    expect(segments).toEqual([
      { id: expect.any(String), name: "Empty", kind: "static", contactCount: 0 },
      { id: expect.any(String), name: "Imported", kind: "static", contactCount: 3 },
    ]);
  });

  test("signed out, sends the visitor to sign in", async () => {
    const response = await serve(segmentsPage, getRequest("/dashboard/segments"));

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fsegments");
  });
});

describe("creating a segment", () => {
  test("saves the trimmed name and returns to the tab the user was on with 'Segment created successfully'", async () => {
    const user = await signedIn();

    const response = await serve(createAction, formRequest("/dashboard/segments/new?tab=csv", { name: "  Trial users  " }, user.cookie));

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments?tab=csv");
    expect(await flashOf(response)).toEqual([{ type: "success", title: "Success", description: "Segment created successfully" }]);
    expect((await listSegments(getDb(), { teamId: user.teamId })).map((s) => s.name)).toEqual(["Trial users"]);
  });

  test.each([[""], ["   "]])("a blank name (%j) answers 400 with 'Segment name is required' and creates nothing", async (name) => {
    const user = await signedIn();

    const response = await serve(createAction, formRequest("/dashboard/segments/new", { name }, user.cookie));

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.name).toEqual(["Segment name is required"]);
    expect(await listSegments(getDb(), { teamId: user.teamId })).toEqual([]);
  });

  test("an unknown tab in the URL falls back to the default page", async () => {
    const user = await signedIn();

    const response = await serve(createAction, formRequest("/dashboard/segments/new?tab=https://evil.example", { name: "VIP" }, user.cookie));

    expect(response.headers.get("Location")).toBe("/dashboard/segments");
  });
});

describe("renaming a segment", () => {
  test("the dialog is prefilled; saving renames with 'Segment updated successfully'", async () => {
    const user = await signedIn();
    const segment = await createSegment(getDb(), { teamId: user.teamId, name: "<b>Old</b> name" });

    const page = await serve(editPage, getRequest(`/dashboard/segments/${segment.id}/edit`, user.cookie), { id: segment.id });
    expect(await page.json()).toEqual({ segment: { id: segment.id, name: "<b>Old</b> name" } });

    const response = await serve(editAction, formRequest(`/dashboard/segments/${segment.id}/edit`, { name: "New name" }, user.cookie), {
      id: segment.id,
    });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments");
    expect(await flashOf(response)).toEqual([{ type: "success", title: "Success", description: "Segment updated successfully" }]);
    expect((await findSegment(getDb(), { teamId: user.teamId, segmentId: segment.id }))?.name).toBe("New name");
  });

  test("a blank name answers 400 and keeps the old name", async () => {
    const user = await signedIn();
    const segment = await createSegment(getDb(), { teamId: user.teamId, name: "Keep me" });

    const response = await serve(editAction, formRequest(`/dashboard/segments/${segment.id}/edit`, { name: " " }, user.cookie), {
      id: segment.id,
    });

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.name).toEqual(["Segment name is required"]);
    expect((await findSegment(getDb(), { teamId: user.teamId, segmentId: segment.id }))?.name).toBe("Keep me");
  });

  test("another team's segment, or a malformed id, is a 404 and stays untouched", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await createSegment(getDb(), { teamId: other.teamId, name: "Theirs" });

    for (const id of [theirs.id, "not-a-uuid", UNKNOWN_ID]) {
      const page = await serve(editPage, getRequest(`/dashboard/segments/${id}/edit`, user.cookie), { id });
      const post = await serve(editAction, formRequest(`/dashboard/segments/${id}/edit`, { name: "Mine now" }, user.cookie), { id });
      expect([page.status, post.status]).toEqual([404, 404]);
    }
    expect((await findSegment(getDb(), { teamId: other.teamId, segmentId: theirs.id }))?.name).toBe("Theirs");
  });
});

describe("deleting a segment", () => {
  test("asks first, then deletes with 'Segment deleted successfully', keeping the contacts", async () => {
    const user = await signedIn();
    const { segmentId } = await receiveImportChunk(getDb(), user.teamId, {
      contacts: [{ name: "Ada", email: "ada@example.com", phone: null }],
      segmentName: "Going away",
    });
    const id = segmentId!;

    const page = await serve(deletePage, getRequest(`/dashboard/segments/${id}/delete?tab=filters`, user.cookie), { id });
    expect(await page.json()).toEqual({ segment: { id, name: "Going away" } });

    const response = await serve(deleteAction, formRequest(`/dashboard/segments/${id}/delete?tab=filters`, {}, user.cookie), { id });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments?tab=filters");
    expect(await flashOf(response)).toEqual([{ type: "success", title: "Success", description: "Segment deleted successfully" }]);
    expect(await findSegment(getDb(), { teamId: user.teamId, segmentId: id })).toBeUndefined();
    const contacts = await getDb().selectFrom("contacts").select("email").where("teamId", "=", user.teamId).execute();
    expect(contacts).toEqual([{ email: "ada@example.com" }]);
  });

  test("another team's segment is a 404 and is not deleted", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await createSegment(getDb(), { teamId: other.teamId, name: "Theirs" });

    const page = await serve(deletePage, getRequest(`/dashboard/segments/${theirs.id}/delete`, user.cookie), { id: theirs.id });
    const post = await serve(deleteAction, formRequest(`/dashboard/segments/${theirs.id}/delete`, {}, user.cookie), { id: theirs.id });

    expect([page.status, post.status]).toEqual([404, 404]);
    expect(await findSegment(getDb(), { teamId: other.teamId, segmentId: theirs.id })).toBeDefined();
  });
});
