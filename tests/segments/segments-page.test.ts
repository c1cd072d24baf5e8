import { describe, expect, test } from "vitest";
import { action as deleteAction, loader as deletePage } from "#app/routes/dashboard/segment-delete.tsx";
import { action as editAction, loader as editPage } from "#app/routes/dashboard/segment-edit.tsx";
import { action as createAction } from "#app/routes/dashboard/segment-new.tsx";
import { loader as segmentsPage } from "#app/routes/dashboard/segments.tsx";
import { getDb } from "#db/database.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { findSegment } from "#server/segments/find-segment.ts";
import { createSegment, listSegments } from "#server/segments/segments.ts";
import { signedIn } from "../factories.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// Counted when created, so minutes ago at most, however slow the machine.
const JUST_COUNTED = /^(just now|\d+ min ago)$/;

describe("the segments page", () => {
  test("lists the team's segments with their real contact counts, and only the team's", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const contacts = Array.from({ length: 3 }, (_, i) => ({
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      phone: null,
    }));
    await receiveImportChunk(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { contacts, segmentName: "Imported" },
    });
    await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "Empty" });
    await createSegment(getDb(), { access: await ownerAccess(other.teamId), name: "Not mine" });

    const response = await serveDashboard(segmentsPage, getRequest("/dashboard/segments", user.cookie));

    expect(response.status).toBe(200);
    const { segments } = await response.json();
    expect(segments).toEqual([
      {
        id: expect.any(String),
        name: "Empty",
        kind: "static",
        contactCount: 0,
        countAge: expect.stringMatching(JUST_COUNTED),
      },
      {
        id: expect.any(String),
        name: "Imported",
        kind: "static",
        contactCount: 3,
        countAge: expect.stringMatching(JUST_COUNTED),
      },
    ]);
  });

  test("signed out, sends the visitor to sign in", async () => {
    const response = await serveDashboard(segmentsPage, getRequest("/dashboard/segments"));

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fsegments");
  });
});

describe("creating a segment", () => {
  test("saves the trimmed name and returns to the tab the user was on with 'Segment created successfully'", async () => {
    const user = await signedIn();

    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/segments/new?tab=csv", { name: "  Trial users  " }, user.cookie),
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments?tab=csv");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Segment created successfully" },
    ]);
    expect((await listSegments(getDb(), { teamId: user.teamId })).rows.map((s) => s.name)).toEqual(["Trial users"]);
  });

  test.each([[""], ["   "]])(
    "a blank name (%j) answers 400 with 'Segment name is required' and creates nothing",
    async (name) => {
      const user = await signedIn();

      const response = await serveDashboard(
        createAction,
        formRequest("/dashboard/segments/new", { name }, user.cookie),
      );

      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.result.error.name).toEqual(["Segment name is required"]);
      expect((await listSegments(getDb(), { teamId: user.teamId })).rows).toEqual([]);
    },
  );

  test("an unknown tab in the URL falls back to the default page", async () => {
    const user = await signedIn();

    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/segments/new?tab=https://evil.example", { name: "VIP" }, user.cookie),
    );

    expect(response.headers.get("Location")).toBe("/dashboard/segments");
  });
});

describe("renaming a segment", () => {
  test("the dialog is prefilled; saving renames with 'Segment updated successfully'", async () => {
    const user = await signedIn();
    const segment = await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "<b>Old</b> name" });

    const page = await serveDashboard(editPage, getRequest(`/dashboard/segments/${segment.id}/edit`, user.cookie), {
      id: segment.id,
    });
    expect(await page.json()).toEqual({ segment: { id: segment.id, name: "<b>Old</b> name" } });

    const response = await serveDashboard(
      editAction,
      formRequest(`/dashboard/segments/${segment.id}/edit`, { name: "New name" }, user.cookie),
      {
        id: segment.id,
      },
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Segment updated successfully" },
    ]);
    expect((await findSegment(getDb(), { teamId: user.teamId, segmentId: segment.id }))?.name).toBe("New name");
  });

  test("a blank name answers 400 and keeps the old name", async () => {
    const user = await signedIn();
    const segment = await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "Keep me" });

    const response = await serveDashboard(
      editAction,
      formRequest(`/dashboard/segments/${segment.id}/edit`, { name: " " }, user.cookie),
      {
        id: segment.id,
      },
    );

    expect(response.status).toBe(400);
    expect((await response.json()).result.error.name).toEqual(["Segment name is required"]);
    expect((await findSegment(getDb(), { teamId: user.teamId, segmentId: segment.id }))?.name).toBe("Keep me");
  });

  test("another team's segment, or a malformed id, is a 404 and stays untouched", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await createSegment(getDb(), { access: await ownerAccess(other.teamId), name: "Theirs" });

    for (const id of [theirs.id, "not-a-uuid", UNKNOWN_ID]) {
      const page = await serveDashboard(editPage, getRequest(`/dashboard/segments/${id}/edit`, user.cookie), { id });
      const post = await serveDashboard(
        editAction,
        formRequest(`/dashboard/segments/${id}/edit`, { name: "Mine now" }, user.cookie),
        { id },
      );
      expect([page.status, post.status]).toEqual([404, 404]);
    }
    expect((await findSegment(getDb(), { teamId: other.teamId, segmentId: theirs.id }))?.name).toBe("Theirs");
  });
});

describe("deleting a segment", () => {
  test("asks first, then deletes with 'Segment deleted successfully', keeping the contacts", async () => {
    const user = await signedIn();
    const { segmentId } = await receiveImportChunk(getDb(), {
      access: await ownerAccess(user.teamId),
      input: {
        contacts: [{ name: "Ada", email: "ada@example.com", phone: null }],
        segmentName: "Going away",
      },
    });
    const id = segmentId!;

    const page = await serveDashboard(
      deletePage,
      getRequest(`/dashboard/segments/${id}/delete?tab=filters`, user.cookie),
      { id },
    );
    expect(await page.json()).toEqual({ segment: { id, name: "Going away" } });

    const response = await serveDashboard(
      deleteAction,
      formRequest(`/dashboard/segments/${id}/delete?tab=filters`, {}, user.cookie),
      { id },
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/segments?tab=filters");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Segment deleted successfully" },
    ]);
    expect(await findSegment(getDb(), { teamId: user.teamId, segmentId: id })).toBeUndefined();
    const contacts = await getDb().selectFrom("contacts").select("email").where("teamId", "=", user.teamId).execute();
    expect(contacts).toEqual([{ email: "ada@example.com" }]);
  });

  test("another team's segment is a 404 and is not deleted", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await createSegment(getDb(), { access: await ownerAccess(other.teamId), name: "Theirs" });

    const page = await serveDashboard(deletePage, getRequest(`/dashboard/segments/${theirs.id}/delete`, user.cookie), {
      id: theirs.id,
    });
    const post = await serveDashboard(
      deleteAction,
      formRequest(`/dashboard/segments/${theirs.id}/delete`, {}, user.cookie),
      { id: theirs.id },
    );

    expect([page.status, post.status]).toEqual([404, 404]);
    expect(await findSegment(getDb(), { teamId: other.teamId, segmentId: theirs.id })).toBeDefined();
  });
});
