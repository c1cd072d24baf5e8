import { createElement, type ComponentType } from "react";
import { useRouteError } from "react-router";
import { describe, expect, test } from "vitest";
import * as apiKeyRevokeRoute from "#app/routes/dashboard/api-key-revoke.tsx";
import * as broadcastRoute from "#app/routes/dashboard/broadcast.tsx";
import * as contactRoute from "#app/routes/dashboard/contact.tsx";
import * as importResultRoute from "#app/routes/dashboard/import-result.tsx";
import * as outboxMessageRoute from "#app/routes/dashboard/outbox-message.tsx";
import * as segmentEditRoute from "#app/routes/dashboard/segment-edit.tsx";
import * as segmentsRoute from "#app/routes/dashboard/segments.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { findSession } from "#server/auth/sessions.ts";
import { startImport } from "#server/contacts/import.ts";
import { sessionContext } from "#app/http/context.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { addContacts, draftCampaign, staticSegment } from "../delivery/fixtures.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { getRequest } from "../requests.ts";
import { routeArgs } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

// Every dashboard page that opens one resource by id, asked for another team's: the
// page a stranger sees is a 404 saying the thing was not found, and shows nothing of it.

type RouteModule = {
  default: ComponentType<never>;
  loader: (args: never) => unknown;
  ErrorBoundary: ComponentType<never>;
};

/**
 * The route rendered as the server renders it, for the signed-in user, with its ErrorBoundary given the error as React
 * Router gives it.
 */
async function visit(route: RouteModule, path: string, token: string, id: string) {
  const session = (await findSession(getDb(), token))!;
  const ErrorBoundary = () => createElement(route.ErrorBoundary, { error: useRouteError() } as never);
  return renderPage(path, { default: route.default, ErrorBoundary }, async () => {
    const args = routeArgs(getRequest(path), { params: { id } });
    args.context.set(sessionContext, session);
    return route.loader(args as never);
  });
}

/** A secret name that must never reach another team's page. */
const SECRET = "Project Nightingale";

const cases: {
  page: string;
  route: RouteModule;
  says: string;
  make: (teamId: string) => Promise<string>;
  path: (id: string) => string;
}[] = [
  {
    page: "a contact",
    route: contactRoute,
    says: "Contact not found.",
    make: async (teamId) => (await addContacts(teamId, [{ name: SECRET }]))[0]!,
    path: (id) => `/dashboard/contacts/${id}`,
  },
  {
    page: "a campaign",
    route: broadcastRoute,
    says: "Campaign not found.",
    make: async (teamId) => {
      const campaign = await draftCampaign(teamId);
      await getDb().updateTable("campaigns").set({ name: SECRET }).where("id", "=", campaign.id).execute();
      return campaign.id;
    },
    path: (id) => `/dashboard/broadcasts/${id}`,
  },
  {
    page: "an outbox message",
    route: outboxMessageRoute,
    says: "Message not found.",
    make: async (teamId) => {
      const id = newId();
      await getDb()
        .insertInto("outboxMessages")
        .values({
          id,
          teamId,
          channel: "SMS",
          toAddress: "+14155550100",
          messageId: `<${id}@murmur.test>`,
          summary: SECRET,
          content: JSON.stringify({ channel: "SMS", body: "Hello" }),
        })
        .execute();
      return id;
    },
    path: (id) => `/dashboard/outbox/${id}`,
  },
  {
    page: "an import's result",
    route: importResultRoute,
    says: "Import not found.",
    make: async (teamId) =>
      (
        await startImport(getDb(), {
          access: await ownerAccess(teamId),
          fileName: `${SECRET}.csv`,
          segmentName: SECRET,
        })
      ).id,
    path: (id) => `/dashboard/imports/${id}`,
  },
  {
    page: "a segment's edit dialog",
    route: segmentEditRoute,
    says: "Segment not found",
    make: (teamId) => staticSegment(teamId, [], SECRET),
    path: (id) => `/dashboard/segments/${id}/edit`,
  },
  {
    page: "an API key's revoke dialog",
    route: apiKeyRevokeRoute,
    says: "API key not found",
    make: async (teamId) =>
      (await createWriteKey(getDb(), { access: await ownerAccess(teamId), name: SECRET, kind: "client" })).id,
    path: (id) => `/dashboard/settings/api-keys/${id}/revoke`,
  },
];

describe("a page opened by id", () => {
  test.each(cases)(
    "$page of another team, an unknown id and a malformed id each answer a 404 page that says so",
    async ({ route, says, make, path }) => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const theirs = await make(owner.teamId);

      const own = await visit(route, path(theirs), owner.token, theirs);
      expect(own.status).toBe(200);
      expect(own.html).toContain(SECRET);

      for (const id of [theirs, newId(), "not-an-id"]) {
        const page = await visit(route, path(id), stranger.token, id);
        expect(page.status, id).toBe(404);
        expect(page.text, id).toContain(says);
        expect(page.html, id).not.toContain(SECRET);
      }
    },
  );

  test("the filter builder linked to another team's segment opens empty, as for a segment deleted since", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const theirs = await staticSegment(owner.teamId, [], SECRET);
    await getDb()
      .updateTable("segments")
      .set({ kind: "filter", filter: JSON.stringify({ type: "group", operator: "and", children: [] }) })
      .where("id", "=", theirs)
      .execute();

    const path = `/dashboard/segments?tab=filters&segment=${theirs}`;
    const page = await visit(segmentsRoute, path, stranger.token, "");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(SECRET);
    expect(page.html).not.toContain(theirs);
  });
});
