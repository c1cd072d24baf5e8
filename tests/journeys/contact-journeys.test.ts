import { describe, expect, test } from "vitest";
import * as contactRoute from "#app/routes/dashboard/contact.tsx";
import { sessionContext } from "#app/http/context.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { startJourney } from "#server/journeys/states.ts";
import { addContacts } from "../delivery/fixtures.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { getRequest } from "../requests.ts";
import { routeArgs } from "../serve-route.ts";
import { sessionOf } from "../audit/team-people.ts";
import { ownerAccess } from "../team-access.ts";
import { abandonedCartInput, draftJourney } from "./journey-fixtures.ts";

// A contact's page lists the journeys they are in, and were in, with where they are.

async function run(
  journeyId: string,
  teamId: string,
  contactId: string,
  place: { status: string; stepId?: string; outcome?: string },
) {
  await getDb()
    .insertInto("journeyRuns")
    .values({ id: newId(), teamId, journeyId, version: 1, contactId, stepId: place.stepId ?? null, ...place })
    .execute();
}

describe("a contact's journeys", () => {
  test("shows each journey they are in with the step they wait at, and those they finished with how", async () => {
    const user = await signedIn();
    const [contactId] = await addContacts(user.teamId, [{ email: "cart@murmur.test", name: "Cara Cart" }]);
    const cart = await draftJourney(user.teamId);
    const welcome = await draftJourney(user.teamId, abandonedCartInput("Welcome series"));
    for (const journey of [cart, welcome])
      await startJourney(getDb(), { access: await ownerAccess(user.teamId), journeyId: journey.id });
    await run(cart.id, user.teamId, contactId!, { status: "waiting", stepId: "wait-order" });
    await run(welcome.id, user.teamId, contactId!, { status: "finished", outcome: "converted" });

    const path = `/dashboard/contacts/${contactId}`;
    const session = await sessionOf(user);
    const page = await renderPage(path, contactRoute as never, async () => {
      const args = routeArgs(getRequest(path), { params: { id: contactId! } });
      args.context.set(sessionContext, session);
      return contactRoute.loader(args as never);
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Journeys");
    expect(page.text).toContain("Abandoned cart Live · version 1 Waiting at Wait for an event (wait-order)");
    expect(page.text).toContain("Welcome series Live · version 1 Finished: Converted");
    expect(page.html).toContain(`href="/dashboard/journeys/${cart.id}"`);
  });

  test("a contact in no journey says so", async () => {
    const user = await signedIn();
    const [contactId] = await addContacts(user.teamId, [{ email: "new@murmur.test", name: "New" }]);
    const path = `/dashboard/contacts/${contactId}`;
    const session = await sessionOf(user);
    const page = await renderPage(path, contactRoute as never, async () => {
      const args = routeArgs(getRequest(path), { params: { id: contactId! } });
      args.context.set(sessionContext, session);
      return contactRoute.loader(args as never);
    });
    expect(page.text).toContain("This contact has not entered any journey.");
  });
});
