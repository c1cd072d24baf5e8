import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import type { WriteKeyKind } from "#shared/write-keys/schemas.ts";
import { createUser } from "../factories.ts";
import { basicAuth, contactsOfTeam, postTracking, storedEvents } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

// A client write key sits in a web page, where anyone can copy it. With it, an
// identify must not move a contact's messages to another address.

/** A team with one key of each kind, and a contact that signed up as user "u-1" with an email and a phone. */
async function teamWithContact() {
  const { teamId } = await createUser();
  const key = async (kind: WriteKeyKind) =>
    basicAuth((await createWriteKey(getDb(), { access: await ownerAccess(teamId), name: kind, kind })).key);
  const client = await key("client");
  const server = await key("server");
  const first = await postTracking(
    "identify",
    { userId: "u-1", traits: { email: "ada@example.com", phone: "+44 20 7946 0958", name: "Ada" } },
    server,
  );
  expect(first.status).toBe(200);
  return { teamId, client, server };
}

const contactOf = async (teamId: string) => {
  const [contact] = await contactsOfTeam(teamId);
  return { email: contact!.email, phone: contact!.phone, name: contact!.name, attributes: contact!.attributes };
};

describe("identify through a client key", () => {
  test("cannot replace a contact's email or phone: the rest is stored, the answer is 200 and says what was refused", async () => {
    const { teamId, client } = await teamWithContact();
    const answer = await postTracking(
      "identify",
      {
        userId: "u-1",
        messageId: "takeover",
        traits: { email: "attacker@evil.example", phone: "+1 202 555 0143", name: "Ada L.", plan: "pro" },
      },
      client,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true });
    expect((answer.body as { warnings?: unknown }).warnings).toEqual([
      {
        field: "email",
        messageIds: ["takeover"],
        message: expect.stringContaining(
          "Email not changed: this contact already has another email, and a client write key cannot replace it",
        ),
      },
      { field: "phone", messageIds: ["takeover"], message: expect.stringContaining("Phone not changed") },
    ]);
    expect(await contactOf(teamId)).toEqual({
      email: "ada@example.com",
      phone: "+442079460958",
      name: "Ada L.",
      attributes: { plan: "pro" },
    });
    // The call itself is kept as sent, in the events.
    expect((await storedEvents(teamId)).map((e) => e.messageId)).toContain("takeover");
  });

  test("cannot either when the contact is found by its email, nor inside a batch, which still stores its other messages", async () => {
    const { teamId, client } = await teamWithContact();
    const answer = await postTracking(
      "batch",
      {
        batch: [
          { type: "identify", anonymousId: "anon-x", traits: { email: "ADA@example.com", phone: "+1 202 555 0143" } },
          { type: "track", userId: "u-1", event: "Order Completed", messageId: "order-1" },
        ],
      },
      client,
    );
    expect(answer.status).toBe(200);
    expect((answer.body as { warnings?: { field: string }[] }).warnings?.map((w) => w.field)).toEqual(["phone"]);
    // The same address in other letters is the same mailbox, as the unique index on lower(email) has it.
    const contact = await contactOf(teamId);
    expect([contact.email?.toLowerCase(), contact.phone]).toEqual(["ada@example.com", "+442079460958"]);
    expect((await storedEvents(teamId)).map((e) => e.messageId)).toContain("order-1");
  });

  test("sets an email and a phone on a contact that has none, and repeating the same email is no change", async () => {
    const { teamId } = await createUser();
    const client = basicAuth(
      (await createWriteKey(getDb(), { access: await ownerAccess(teamId), name: "Web", kind: "client" })).key,
    );
    await postTracking("identify", { userId: "u-2", traits: { name: "Grace" } }, client);
    expect(await contactOf(teamId)).toMatchObject({ email: null, phone: null });
    const answer = await postTracking(
      "identify",
      { userId: "u-2", traits: { email: "grace@example.com", phone: "+1 202 555 0143" } },
      client,
    );
    expect(answer.body).toEqual({ success: true });
    expect(await contactOf(teamId)).toMatchObject({ email: "grace@example.com", phone: "+12025550143" });
    expect(
      (await postTracking("identify", { userId: "u-2", traits: { email: "Grace@Example.com" } }, client)).body,
    ).toEqual({ success: true });
  });
});

describe("identify through a server key", () => {
  test("replaces a contact's email and phone", async () => {
    const { teamId, server } = await teamWithContact();
    const answer = await postTracking(
      "identify",
      { userId: "u-1", traits: { email: "ada.new@example.com", phone: "+1 202 555 0143" } },
      server,
    );
    expect(answer.body).toEqual({ success: true });
    expect(await contactOf(teamId)).toMatchObject({ email: "ada.new@example.com", phone: "+12025550143" });
  });
});
