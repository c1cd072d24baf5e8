import { describe, expect, test } from "vitest";
import { loader as auditLogApi } from "#app/routes/api/audit-log.ts";
import * as auditLogRoute from "#app/routes/dashboard/settings-audit-log.tsx";
import { loader as auditLogCsv } from "#app/routes/dashboard/settings-audit-log-csv.ts";
import * as settingsRoute from "#app/routes/dashboard/settings.tsx";
import { sessionContext } from "#app/http/context.ts";
import { getDb } from "#db/database.ts";
import { recordAudit } from "#server/audit/record.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { memberOf, personAccess, sessionOf } from "./team-people.ts";

function readApi(token: string, query = "") {
  return respond(() => auditLogApi(routeArgs(getRequest(`/api/audit-log${query}`, bearer(token)))));
}

/** A dashboard loader called as the layout's middleware leaves it, for the page renderer. */
function loaderOf(loader: (args: never) => unknown, path: string, session: Awaited<ReturnType<typeof sessionOf>>) {
  return async () => {
    const args = routeArgs(getRequest(path));
    args.context.set(sessionContext, session);
    return loader(args as never);
  };
}

describe("who may read the audit log", () => {
  test("Owners and Admins read it; Marketers and Viewers get a 403 saying so, on the API, the page and the export", async () => {
    const owner = await signedIn();
    await recordAudit(getDb(), {
      access: personAccess(owner),
      action: "segment.created",
      target: { kind: "segment", id: "01a20000-0000-7000-8000-000000000001", label: "Trial users" },
    });
    const admin = await memberOf(owner.teamId, "admin");
    const marketer = await memberOf(owner.teamId, "marketer");
    const viewer = await memberOf(owner.teamId, "viewer");

    for (const reader of [owner, admin]) {
      const response = await readApi(reader.token);
      expect(response.status).toBe(200);
      expect((await response.json()).data).toEqual([
        expect.objectContaining({
          action: "segment.created",
          target: expect.objectContaining({ label: "Trial users" }),
        }),
      ]);
    }
    for (const [reader, label] of [
      [marketer, "A Marketer"],
      [viewer, "A Viewer"],
    ] as const) {
      const api = await readApi(reader.token);
      expect(api.status).toBe(403);
      expect(await api.json()).toEqual({ message: `${label} cannot see the audit log.` });

      const path = "/dashboard/settings/audit-log";
      const page = await renderPage(path, auditLogRoute, loaderOf(auditLogRoute.loader, path, await sessionOf(reader)));
      expect(page.status).toBe(403);
      expect(page.text).toContain(`${label} cannot see the audit log.`);
      expect(page.text).not.toContain("Trial users");

      const csv = await serveDashboard(auditLogCsv, getRequest(`${path}/export.csv`, reader.cookie));
      expect(csv.status).toBe(403);
      expect(await csv.text()).not.toContain("Trial users");
    }
  });

  test("Settings offers the audit log to Owners and Admins only", async () => {
    const owner = await signedIn();
    const admin = await memberOf(owner.teamId, "admin");
    const marketer = await memberOf(owner.teamId, "marketer");
    const offered = async (user: { cookie: HeadersInit }) => {
      const response = await serveDashboard(settingsRoute.loader, getRequest("/dashboard/settings", user.cookie));
      return (await response.json()).canReadAuditLog;
    };

    expect(await offered(owner)).toBe(true);
    expect(await offered(admin)).toBe(true);
    expect(await offered(marketer)).toBe(false);
  });

  test("another team's entries are never visible, even by naming its people", async () => {
    const ours = await signedIn();
    const theirs = await signedIn();
    await recordAudit(getDb(), {
      access: personAccess(theirs),
      action: "campaign.deleted",
      target: { kind: "campaign", id: "01a20000-0000-7000-8000-000000000002", label: "Their secret launch" },
    });

    const all = await readApi(ours.token);
    const byTheirPerson = await readApi(ours.token, `?actor=${theirs.userId}`);
    expect((await all.json()).data).toEqual([]);
    expect((await byTheirPerson.json()).data).toEqual([]);

    const path = `/dashboard/settings/audit-log?actor=${theirs.userId}`;
    const page = await renderPage(path, auditLogRoute, loaderOf(auditLogRoute.loader, path, await sessionOf(ours)));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Their secret launch");
    expect(page.text).not.toContain(theirs.name);

    const csv = await serveDashboard(auditLogCsv, getRequest("/dashboard/settings/audit-log/export.csv", ours.cookie));
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain("Their secret launch");
  });
});
