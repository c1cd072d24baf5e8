import { expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { loader as exportContact } from "#app/routes/api/contact-export.ts";
import { basicAuth, contactsOfTeam, createTrackingTeam, postTracking } from "./fixtures.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// Traits and properties are the customer's names: first_name and cart_id come back as
// first_name and cart_id, at every depth, never renamed to our code's camelCase.
test("a contact's attributes and an event's properties keep the keys they were sent with, nested ones too", async () => {
  const team = await createTrackingTeam();
  const traits = { first_name: "Ann", billing_address: { zip_code: "75001" }, "plan-tier": "pro" };
  const properties = { cart_id: "c-1", line_items: [{ product_id: "p-9", unit_price: 12.5 }] };
  const auth = basicAuth(team.writeKey);
  expect(
    (await postTracking("identify", { userId: "u-keys", traits: { email: "ann@keys.test", ...traits } }, auth)).status,
  ).toBe(200);
  expect((await postTracking("track", { userId: "u-keys", event: "Cart Updated", properties }, auth)).status).toBe(200);

  const [contact] = await contactsOfTeam(team.teamId);
  const { token } = await createSession(getDb(), { userId: team.userId, teamId: team.teamId });
  const path = `/api/contacts/${contact!.id}/export`;
  const response = await respond(() =>
    exportContact(routeArgs(getRequest(path, bearer(token)), { params: { id: contact!.id } })),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: { contact: { attributes: unknown }; events: { name: string | null; properties: unknown }[] };
  };
  expect(body.data.contact.attributes).toEqual(traits);
  const carts = body.data.events.filter((event) => event.name === "Cart Updated");
  expect(carts.map((event) => event.properties)).toEqual([properties]);
});
