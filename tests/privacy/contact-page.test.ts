import { describe, expect, test } from "vitest";
import * as contactRoute from "#app/routes/dashboard/contact.tsx";
import { action as deleteAction } from "#app/routes/dashboard/contact-delete.tsx";
import { loader as exportLoader } from "#app/routes/dashboard/contact-export.ts";
import { sessionContext } from "#app/http/context.ts";
import { memberOf, sessionOf } from "../audit/team-people.ts";
import { flashedText } from "../delivery/flashed-text.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { formRequest, getRequest } from "../requests.ts";
import { routeArgs, serveDashboard } from "../serve-route.ts";
import { importRows, searchContacts } from "./fixtures.ts";

async function ownerWithContact(email: string) {
  const owner = await signedIn();
  await importRows(owner.token, { contacts: [{ email, name: "Pat Page" }] });
  const [contact] = await searchContacts(owner.token, email);
  return { owner, contactId: contact!.id };
}

async function render(user: { token: string }, contactId: string) {
  const path = `/dashboard/contacts/${contactId}`;
  const session = await sessionOf(user);
  // The page's loader succeeds here; its ErrorBoundary (which reads React Router's props) is not drawn.
  const page = { default: contactRoute.default, ErrorBoundary: () => null };
  return renderPage(path, page, async () => {
    const args = routeArgs(getRequest(path), { params: { id: contactId } });
    args.context.set(sessionContext, session);
    return contactRoute.loader(args as never);
  });
}

describe("the contact page's Export data and Delete contact", () => {
  test("a Marketer gets a download link and a delete dialog link; a Viewer sees both disabled", async () => {
    const { owner, contactId } = await ownerWithContact("pat@example.com");
    const ownPage = await render(owner, contactId);
    expect(ownPage.html).toContain(`href="/dashboard/contacts/${contactId}/export.json"`);
    expect(ownPage.html).toContain(`href="/dashboard/contacts/${contactId}/delete"`);

    const viewer = await memberOf(owner.teamId, "viewer");
    const viewerPage = await render(viewer, contactId);
    expect(viewerPage.text).toContain("Export data");
    expect(viewerPage.html).not.toContain("/export.json");
    expect(viewerPage.html).not.toContain(`${contactId}/delete`);
    expect(viewerPage.html.match(/<button[^>]*disabled=""[^>]*>(Export data|Delete contact)/g)).toHaveLength(2);
  });

  test("confirming the dialog's form erases the contact and goes to Contacts with a toast", async () => {
    const { owner, contactId } = await ownerWithContact("gone@example.com");
    const path = `/dashboard/contacts/${contactId}/delete`;
    const response = await serveDashboard(deleteAction, formRequest(path, {}, owner.cookie), { id: contactId });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/contacts");
    expect(flashedText(response)).toContain("Contact deleted");
    expect(await searchContacts(owner.token, "gone@")).toEqual([]);
    const again = await serveDashboard(deleteAction, formRequest(path, {}, owner.cookie), { id: contactId });
    expect(again.status).toBe(404);
  });

  test("a Viewer's post is a 403 and the contact stays; the export is a 403 for them and JSON for a Marketer", async () => {
    const { owner, contactId } = await ownerWithContact("kept@example.com");
    const viewer = await memberOf(owner.teamId, "viewer");
    const path = `/dashboard/contacts/${contactId}`;
    const denied = await serveDashboard(deleteAction, formRequest(`${path}/delete`, {}, viewer.cookie), {
      id: contactId,
    });
    expect(denied.status).toBe(403);
    expect(await searchContacts(owner.token, "kept@")).toHaveLength(1);

    const viewerExport = await serveDashboard(exportLoader, getRequest(`${path}/export.json`, viewer.cookie), {
      id: contactId,
    });
    expect(viewerExport.status).toBe(403);
    const ownerExport = await serveDashboard(exportLoader, getRequest(`${path}/export.json`, owner.cookie), {
      id: contactId,
    });
    expect(ownerExport.status).toBe(200);
    const { data } = (await ownerExport.json()) as { data: { contact: { fields: { email: string } } } };
    expect(data.contact.fields.email).toBe("kept@example.com");
  });
});
