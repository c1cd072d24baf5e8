import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { sendQueues } from "../delivery/fixtures.ts";
import { memberOf } from "../audit/team-people.ts";
import { basicAuth, contactsOfTeam, postTracking, storedEvents } from "../events/fixtures.ts";
import { createSignedInUser } from "../factories.ts";
import {
  deleteContact,
  deleteContactByEmail,
  exportOf,
  funnelOf,
  importRows,
  placesHolding,
  searchContacts,
  teamWithTrackedPerson,
} from "./fixtures.ts";

const queues = sendQueues();

describe("erasing a contact at their request", () => {
  test("leaves no row anywhere holding their id, email or phone, and the campaign's figures stay", async () => {
    const { team, token, person, campaignId, neighbourId } = await teamWithTrackedPerson(queues);
    const figuresBefore = await funnelOf(token, campaignId);
    await rollUpEvents();
    const peopleBefore = await getDb()
      .selectFrom("teamEventDailyPeople")
      .select(["name", "people"])
      .where("teamId", "=", team.teamId)
      .orderBy("name")
      .execute();
    expect(peopleBefore).not.toEqual([]);
    // The places the person was in, so the search below is known to find them.
    expect(await placesHolding(person.email)).toEqual(
      expect.arrayContaining(["contacts.email", "deliveries.address", "outbox_messages.to_address"]),
    );
    expect(await placesHolding(person.phone)).toEqual(["contacts.phone"]);
    expect(await placesHolding(person.id)).toEqual(
      expect.arrayContaining(["events.contact_id", "segment_members.contact_id", "deliveries.contact_id"]),
    );

    const response = await deleteContact(token, person.id);
    expect(response.status).toBe(204);

    for (const needle of [person.id, person.email, person.phone, person.userId, person.anonymousId]) {
      const left = (await placesHolding(needle)).filter((place) => place !== "erased_addresses.address_hash");
      expect({ needle, left }).toEqual({ needle, left: [] });
    }
    expect(await funnelOf(token, campaignId)).toEqual(figuresBefore);
    await rollUpEvents();
    const peopleAfter = await getDb()
      .selectFrom("teamEventDailyPeople")
      .select(["name", "people"])
      .where("teamId", "=", team.teamId)
      .orderBy("name")
      .execute();
    expect(peopleAfter).toEqual(peopleBefore);
    expect(await searchContacts(token, "erase-me")).toEqual([]);
    const audit = await getDb()
      .selectFrom("auditLog")
      .select(["action", "actorUserId", "targetId", "targetLabel"])
      .where("teamId", "=", team.teamId)
      .where("action", "=", "contact.erased")
      .execute();
    expect(audit).toEqual([{ action: "contact.erased", actorUserId: team.userId, targetId: null, targetLabel: null }]);
    // The neighbour is untouched.
    expect((await contactsOfTeam(team.teamId)).map((c) => c.id)).toEqual([neighbourId]);
    expect((await deleteContact(token, person.id)).status).toBe(404);
  });

  test("by email through the API, in any case; an unknown email is a 404", async () => {
    const user = await createSignedInUser();
    await importRows(user.token, { contacts: [{ email: "Quinn@Example.com", name: "Quinn" }] });
    expect((await deleteContactByEmail(user.token, "quinn@EXAMPLE.com")).status).toBe(204);
    expect(await searchContacts(user.token, "quinn")).toEqual([]);
    const again = await deleteContactByEmail(user.token, "quinn@example.com");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Contact not found." });
    const bad = await deleteContactByEmail(user.token, "not an email");
    expect(bad.status).toBe(400);
  });

  test("a re-import skips the erased email with the reason, unless the import allows erased contacts back", async () => {
    const user = await createSignedInUser();
    await importRows(user.token, { contacts: [{ email: "rae@example.com", name: "Rae" }] });
    expect((await deleteContactByEmail(user.token, "rae@example.com")).status).toBe(204);

    const refused = await importRows(user.token, {
      contacts: [{ email: "RAE@example.com", name: "Rae" }, { email: "sam@example.com" }],
    });
    expect(refused.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ rowNumber: 2, email: "RAE@example.com", reason: "Erased at the contact's request" }],
    });
    expect(await searchContacts(user.token, "rae@")).toEqual([]);

    const allowed = await importRows(user.token, { contacts: [{ email: "rae@example.com" }], allowErased: true });
    expect(allowed.body).toMatchObject({ imported: 1, skipped: 0 });
    expect(await searchContacts(user.token, "rae@")).toHaveLength(1);
  });

  test("an identify through /v1 with the erased email or phone creates no contact and stores nothing", async () => {
    const { team, token, person } = await teamWithTrackedPerson(queues);
    expect((await deleteContact(token, person.id)).status).toBe(204);
    const auth = basicAuth(team.writeKey);
    const byEmail = await postTracking(
      "identify",
      { userId: "u-new", traits: { email: person.email.toUpperCase() } },
      auth,
    );
    const byPhone = await postTracking("identify", { userId: "u-phone", traits: { phone: "+44 20 7946 0958" } }, auth);
    expect([byEmail.status, byPhone.status]).toEqual([200, 200]);
    expect(await searchContacts(token, "erase-me")).toEqual([]);
    expect(await contactsOfTeam(team.teamId)).toHaveLength(1); // the neighbour only
    // Someone else's identify still makes a contact: only the erased person is left out.
    await postTracking("identify", { userId: "u-other", traits: { email: "other@example.com" } }, auth);
    expect(await contactsOfTeam(team.teamId)).toHaveLength(2);
    expect((await storedEvents(team.teamId)).filter((e) => e.type === "identify").map((e) => e.userId)).toEqual([
      "u-other",
    ]);
  });
});

describe("who may erase or export", () => {
  test("another team's contact is a 404 for delete and export, and stays", async () => {
    const owner = await createSignedInUser();
    await importRows(owner.token, { contacts: [{ email: "theirs@example.com" }] });
    const [contact] = await searchContacts(owner.token, "theirs");
    const stranger = await createSignedInUser();
    expect((await deleteContact(stranger.token, contact!.id)).status).toBe(404);
    expect((await exportOf(stranger.token, contact!.id)).status).toBe(404);
    expect((await deleteContact(stranger.token, "not-a-uuid")).status).toBe(404);
    expect(await searchContacts(owner.token, "theirs")).toHaveLength(1);
  });

  test("a Viewer gets 403 for delete and export", async () => {
    const owner = await createSignedInUser();
    await importRows(owner.token, { contacts: [{ email: "viewed@example.com" }] });
    const [contact] = await searchContacts(owner.token, "viewed");
    const viewer = await memberOf(owner.teamId, "viewer");
    const denied = await deleteContact(viewer.token, contact!.id);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ message: "A Viewer cannot change contacts." });
    expect((await exportOf(viewer.token, contact!.id)).status).toBe(403);
    expect(await searchContacts(owner.token, "viewed")).toHaveLength(1);
  });
});
