import { afterAll, describe, expect, test } from "vitest";
import * as erasePage from "#app/routes/dashboard/segment-erase.tsx";
import * as progressPage from "#app/routes/dashboard/segment-erasure.tsx";
import * as segmentsPage from "#app/routes/dashboard/segments.tsx";
import { sessionContext } from "#app/http/context.ts";
import { getDb } from "#db/database.ts";
import { findSession } from "#server/auth/sessions.ts";
import { startWorker, type Worker } from "#server/jobs/worker.ts";
import { addContacts, staticSegment, testSettings } from "../delivery/fixtures.ts";
import { signedIn, teamWithRoles } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { formRequest, getRequest } from "../requests.ts";
import { routeArgs, serveDashboard } from "../serve-route.ts";
import { erasureNotifications, progressOf, remainingContacts } from "./segment-erasure-fixtures.ts";

let worker: Worker | undefined;
afterAll(async () => {
  await worker?.stop();
});

/** A dashboard loader called as the layout's middleware leaves it, the session in the context. */
function loaderOf(loader: (args: never) => unknown, path: string, token: string, id = "") {
  return async () => {
    const args = routeArgs(getRequest(path), { params: { id } });
    args.context.set(sessionContext, (await findSession(getDb(), token))!);
    return loader(args as never);
  };
}

function erasureMeta(data: unknown) {
  return progressPage.meta({ loaderData: data } as never);
}

describe("the Erase contacts dialog and the progress page", () => {
  test("a wrong name is a 400 on the field; the right one starts it, and the page follows it to the end", async () => {
    const user = await signedIn();
    const ids = await addContacts(user.teamId, [{}, {}, {}]);
    const segmentId = await staticSegment(user.teamId, ids, "Old leads");
    const dialogPath = `/dashboard/segments/${segmentId}/erase`;

    const dialog = await renderPage(
      dialogPath,
      erasePage,
      loaderOf(erasePage.loader, dialogPath, user.token, segmentId),
    );
    expect(dialog.text).toContain("Erase all 3 contacts of this segment?");
    expect(dialog.text).toContain("Type Old leads to confirm");
    expect(dialog.text).toContain("contacts added later are not");

    const wrong = await serveDashboard(erasePage.action, formRequest(dialogPath, { confirm: "old" }, user.cookie), {
      id: segmentId,
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("Type the segment's name, Old leads, to confirm");
    expect(await remainingContacts(user.teamId, ids)).toHaveLength(3);

    const right = await serveDashboard(
      erasePage.action,
      formRequest(dialogPath, { confirm: "Old leads" }, user.cookie),
      { id: segmentId },
    );
    expect(right.status).toBe(302);
    const progressPath = right.headers.get("Location")!;
    expect(progressPath).toMatch(/^\/dashboard\/segments\/erasures\/[0-9a-f-]{36}$/);
    const erasureId = progressPath.split("/").at(-1)!;

    const running = await renderPage(
      progressPath,
      progressPage,
      loaderOf(progressPage.loader, progressPath, user.token, erasureId),
    );
    expect(running.text).toContain("Erasing the contacts of Old leads");
    expect(running.text).toContain("Running");
    expect(running.text).toContain("0 of 3 contacts erased");
    expect(running.text).toContain("This page reloads every 3 seconds");
    const runningData = await loaderOf(progressPage.loader, progressPath, user.token, erasureId)();
    expect(erasureMeta(runningData)).toContainEqual({ httpEquiv: "refresh", content: "3" });

    // The job worker, as a worker container runs it, picks the erasure up by itself.
    worker = await startWorker(process.env.DATABASE_URL!, { db: getDb(), delivery: testSettings() });
    await expect
      .poll(async () => (await progressOf(user.token, erasureId)).body.data.status, { timeout: 30_000 })
      .toBe("completed");

    const finished = await renderPage(
      progressPath,
      progressPage,
      loaderOf(progressPage.loader, progressPath, user.token, erasureId),
    );
    expect(finished.text).toContain("Completed");
    expect(finished.text).toContain("3 of 3 contacts erased");
    expect(finished.text).not.toContain("This page reloads");
    const finishedData = await loaderOf(progressPage.loader, progressPath, user.token, erasureId)();
    expect(erasureMeta(finishedData)).not.toContainEqual(expect.objectContaining({ httpEquiv: "refresh" }));
    expect(await remainingContacts(user.teamId, ids)).toEqual([]);
    expect(await erasureNotifications(user.teamId)).toHaveLength(1);
  });

  test("another team's erasure page is 'Erasure not found.' with a 404", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const segmentId = await staticSegment(owner.teamId, [], "Private");
    const started = await serveDashboard(
      erasePage.action,
      formRequest(`/dashboard/segments/${segmentId}/erase`, { confirm: "Private" }, owner.cookie),
      { id: segmentId },
    );
    const path = started.headers.get("Location")!;
    const erasureId = path.split("/").at(-1)!;
    const page = await renderPage(path, progressPage, loaderOf(progressPage.loader, path, stranger.token, erasureId));
    expect(page.status).toBe(404);
    expect(page.text).toContain("Erasure not found.");
  });

  test("the segment card offers Erase contacts to Owners and Admins only", async () => {
    const { teamId, members } = await teamWithRoles();
    await staticSegment(teamId, [], "Newsletter");
    const path = "/dashboard/segments";
    for (const [role, shown] of [
      ["owner", true],
      ["admin", true],
      ["marketer", false],
      ["viewer", false],
    ] as const) {
      const page = await renderPage(path, segmentsPage, loaderOf(segmentsPage.loader, path, members[role].token), role);
      expect({ role, shown: page.text.includes("Erase contacts of Newsletter") }).toEqual({ role, shown });
    }
  });
});
