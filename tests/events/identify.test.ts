import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { importChunk, startImport } from "#server/contacts/import.ts";
import { basicAuth, contactsOfTeam, createTrackingTeam, postTracking, storedEvents } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

async function importContacts(teamId: string, rows: { email: string; name?: string }[]) {
  const { id } = await startImport(getDb(), { access: await ownerAccess(teamId) });
  await importChunk(getDb(), { teamId, importId: id, chunkIndex: 0, firstRowNumber: 2, rows });
}

describe("identify and the contacts it resolves", () => {
  test("creates a contact keyed by userId: email, name and phone (normalised) as fields, other traits as attributes", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    await postTracking(
      "identify",
      {
        userId: "u-1",
        traits: { email: "grace@example.com", name: "Grace Hopper", phone: "0044 20 7946 0958", plan: "pro", seats: 5 },
      },
      auth,
    );
    // A later identify updates it: new values win, attributes merge, absent traits keep their value.
    await postTracking("identify", { userId: "u-1", traits: { plan: "enterprise", company: { name: "Navy" } } }, auth);

    expect(await contactsOfTeam(team.teamId)).toEqual([
      expect.objectContaining({
        externalId: "u-1",
        email: "grace@example.com",
        name: "Grace Hopper",
        phone: "+442079460958",
        attributes: { plan: "enterprise", seats: 5, company: { name: "Navy" } },
      }),
    ]);
  });

  test("a userId alone makes a contact without an email; firstName and lastName make its name", async () => {
    const team = await createTrackingTeam();
    await postTracking(
      "identify",
      { userId: "u-2", traits: { firstName: "Alan", lastName: "Turing" } },
      basicAuth(team.writeKey),
    );
    expect(await contactsOfTeam(team.teamId)).toEqual([
      expect.objectContaining({
        externalId: "u-2",
        email: null,
        name: "Alan Turing",
        attributes: { firstName: "Alan", lastName: "Turing" },
      }),
    ]);
  });

  test("without a known userId, the contact is found by email (an imported one) and takes the userId", async () => {
    const team = await createTrackingTeam();
    await importContacts(team.teamId, [{ email: "Kim@Example.com", name: "Kim" }]);
    const auth = basicAuth(team.writeKey);
    await postTracking("track", { userId: "u-kim", event: "Signed In", messageId: "before" }, auth);
    await postTracking("identify", { userId: "u-kim", traits: { email: "kim@example.com", role: "admin" } }, auth);

    const contacts = await contactsOfTeam(team.teamId);
    expect(contacts).toEqual([
      expect.objectContaining({
        externalId: "u-kim",
        email: "kim@example.com",
        name: "Kim",
        attributes: { role: "admin" },
      }),
    ]);
    // The event sent before the identify now belongs to the contact too.
    const events = await storedEvents(team.teamId);
    expect(events.map((e) => [e.type, e.contactId])).toEqual(
      expect.arrayContaining([
        ["track", contacts[0]!.id],
        ["identify", contacts[0]!.id],
      ]),
    );
  });

  test("an identify with only an email updates that contact; with an unknown email it creates one", async () => {
    const team = await createTrackingTeam();
    await importContacts(team.teamId, [{ email: "lin@example.com" }]);
    const auth = basicAuth(team.writeKey);
    await postTracking(
      "batch",
      {
        batch: [
          { type: "identify", anonymousId: "anon-lin", traits: { email: "lin@example.com", name: "Lin" } },
          { type: "identify", anonymousId: "anon-new", traits: { email: "new@example.com", city: "Oslo" } },
        ],
      },
      auth,
    );
    const contacts = await contactsOfTeam(team.teamId);
    expect(contacts.map((c) => [c.email, c.name, c.externalId, c.attributes])).toEqual([
      ["lin@example.com", "Lin", null, {}],
      ["new@example.com", null, null, { city: "Oslo" }],
    ]);
  });

  test("anonymous activity is kept and merged into the contact once an identify links the anonymousId to a userId", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    await postTracking("page", { anonymousId: "anon-7", name: "Pricing", messageId: "p1" }, auth);
    await postTracking("track", { anonymousId: "anon-7", event: "Trial Started", messageId: "t1" }, auth);
    await postTracking("track", { anonymousId: "anon-other", event: "Trial Started", messageId: "t2" }, auth);
    let events = await storedEvents(team.teamId);
    expect(events.every((e) => e.contactId === null)).toBe(true);

    await postTracking(
      "identify",
      { userId: "u-7", anonymousId: "anon-7", traits: { email: "seven@example.com" }, messageId: "i1" },
      auth,
    );
    // Later anonymous activity from the same device attaches at once.
    await postTracking("track", { anonymousId: "anon-7", event: "Report Exported", messageId: "t3" }, auth);

    const [contact] = await contactsOfTeam(team.teamId);
    events = await storedEvents(team.teamId);
    const owner = new Map(events.map((e) => [e.messageId, e.contactId]));
    expect(Object.fromEntries(owner)).toEqual({
      p1: contact!.id,
      t1: contact!.id,
      i1: contact!.id,
      t3: contact!.id,
      t2: null,
    });
  });

  test("an email that belongs to another contact is not taken from it", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    await postTracking("identify", { userId: "first", traits: { email: "shared@example.com" } }, auth);
    await postTracking("identify", { userId: "second", traits: { email: "shared@example.com", name: "Second" } }, auth);
    expect((await contactsOfTeam(team.teamId)).map((c) => [c.externalId, c.email, c.name])).toEqual([
      ["first", "shared@example.com", null],
      ["second", null, "Second"],
    ]);
  });

  test("in one batch, identifies of one person merge in order and tracks after them attach", async () => {
    const team = await createTrackingTeam();
    await postTracking(
      "batch",
      {
        batch: [
          { type: "track", userId: "u-9", event: "Signed Up", messageId: "s" },
          { type: "identify", userId: "u-9", traits: { plan: "free", name: "Nine" }, messageId: "i1" },
          { type: "identify", userId: "u-9", traits: { plan: "pro" }, messageId: "i2" },
          { type: "track", userId: "u-9", event: "Upgraded", messageId: "u" },
        ],
      },
      basicAuth(team.writeKey),
    );
    const contacts = await contactsOfTeam(team.teamId);
    expect(contacts).toEqual([
      expect.objectContaining({ externalId: "u-9", name: "Nine", attributes: { plan: "pro" } }),
    ]);
    const events = await storedEvents(team.teamId);
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.contactId === contacts[0]!.id)).toBe(true);
  });

  test("every later track call of an identified userId attaches to its contact, and never to another team's", async () => {
    const [team, other] = [await createTrackingTeam(), await createTrackingTeam()];
    for (const t of [team, other])
      await postTracking("identify", { userId: "u-7", traits: { name: "Seven" } }, basicAuth(t.writeKey));
    // Unknown until later: its first event waits, then the identify claims it.
    await postTracking("track", { userId: "u-8", event: "Signed Up" }, basicAuth(team.writeKey));
    await postTracking("identify", { userId: "u-8", traits: { name: "Eight" } }, basicAuth(team.writeKey));
    for (let i = 0; i < 3; i++) {
      for (const t of [team, other]) {
        await postTracking(
          "batch",
          {
            batch: [
              { type: "track", userId: "u-7", event: "Report Viewed" },
              { type: "track", userId: "u-8", event: "Report Viewed" },
            ],
          },
          basicAuth(t.writeKey),
        );
      }
    }
    for (const t of [team, other]) {
      const contactOf = new Map((await contactsOfTeam(t.teamId)).map((c) => [c.externalId, c.id]));
      const tracks = (await storedEvents(t.teamId)).filter((e) => e.type === "track");
      expect(tracks.map((e) => e.contactId)).toEqual(tracks.map((e) => contactOf.get(e.userId) ?? null));
    }
    expect(
      (await storedEvents(other.teamId)).filter((e) => e.userId === "u-8").every((e) => e.contactId === null),
    ).toBe(true);
  });

  test("a retried identify changes nothing the first one did not", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    await postTracking("identify", { userId: "u-r", traits: { plan: "free" }, messageId: "old" }, auth);
    await postTracking("identify", { userId: "u-r", traits: { plan: "pro" }, messageId: "new" }, auth);
    // The first identify arrives again (a client retry): the contact keeps the newer plan.
    await postTracking("identify", { userId: "u-r", traits: { plan: "free" }, messageId: "old" }, auth);
    expect((await contactsOfTeam(team.teamId))[0]?.attributes).toEqual({ plan: "pro" });
    expect(await storedEvents(team.teamId)).toHaveLength(2);
  });

  test("identify never reaches another team's contact with the same email or userId", async () => {
    const teamA = await createTrackingTeam();
    const teamB = await createTrackingTeam();
    await postTracking(
      "identify",
      { userId: "same", traits: { email: "same@example.com", plan: "a" } },
      basicAuth(teamA.writeKey),
    );
    await postTracking(
      "identify",
      { userId: "same", traits: { email: "same@example.com", plan: "b" } },
      basicAuth(teamB.writeKey),
    );
    const a = await contactsOfTeam(teamA.teamId);
    const b = await contactsOfTeam(teamB.teamId);
    expect(a.map((c) => c.attributes)).toEqual([{ plan: "a" }]);
    expect(b.map((c) => c.attributes)).toEqual([{ plan: "b" }]);
    expect(a[0]!.id).not.toBe(b[0]!.id);
  });
});
