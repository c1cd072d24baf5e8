import { describe, expect, test } from "vitest";
import { loader as contactPage } from "#app/routes/dashboard/contact.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { cookieHeaderFrom, getRequest } from "../requests.ts";
import { hoursAgo, seedEvents } from "../events/seed.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

type PageData = {
  title: string;
  contact: {
    name: string | null;
    email: string | null;
    phone: string | null;
    externalId: string | null;
    anonymousIds: string[];
  };
  attributes: { name: string; value: string }[];
  subscriptions: { channel: string; address: string | null; status: string; suppressed: { reason: string } | null }[];
  events: { type: string; name: string | null; properties: string; occurredAt: string }[];
  cursor: string | null;
  nextCursor: string | null;
};

function visit(cookie: HeadersInit, id: string, query = "") {
  return serveDashboard(contactPage, getRequest(`/dashboard/contacts/${id}${query}`, cookie), { id });
}

async function page(cookie: HeadersInit, id: string, query = ""): Promise<PageData> {
  const response = await visit(cookie, id, query);
  expect(response.status).toBe(200);
  return response.json();
}

/** A contact made the way the tracking API makes one: an identify with traits. */
async function identified(
  teamId: string,
  userId: string,
  traits: Record<string, unknown>,
  anonymousId: string | null = null,
) {
  await seedEvents(teamId, [
    { type: "identify", name: null, userId, anonymousId, properties: traits, occurredAt: hoursAgo(100) },
  ]);
  const contact = await getDb()
    .selectFrom("contacts")
    .select("id")
    .where("teamId", "=", teamId)
    .where("externalId", "=", userId)
    .executeTakeFirstOrThrow();
  return contact.id;
}

describe("the contact page", () => {
  test("shows the contact's fields, ids and attributes, objects as JSON and names in order", async () => {
    const user = await signedIn();
    // Events from a device first, then the identify that links the device to the person.
    await seedEvents(user.teamId, [
      { name: "Pricing Viewed", userId: null, anonymousId: "device-1", occurredAt: hoursAgo(200) },
    ]);
    const id = await identified(
      user.teamId,
      "u-grace",
      {
        email: "grace@example.com",
        name: "Grace Hopper",
        phone: "+14155550100",
        plan: "pro",
        seats: 5,
        company: { name: "Navy" },
      },
      "device-1",
    );

    const data = await page(user.cookie, id);

    expect(data.title).toBe("Grace Hopper");
    expect(data.contact).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+14155550100",
      externalId: "u-grace",
      anonymousIds: ["device-1"],
    });
    expect(data.attributes).toEqual([
      { name: "company", value: '{"name":"Navy"}' },
      { name: "plan", value: "pro" },
      { name: "seats", value: "5" },
    ]);
  });

  test("shows each channel's status with its address, and a suppressed address as such", async () => {
    const user = await signedIn();
    const id = await identified(user.teamId, "u-kim", { email: "Kim@Example.com", phone: "+14155550101" });
    await getDb().updateTable("contacts").set({ smsStatus: "unsubscribed" }).where("id", "=", id).execute();
    await getDb()
      .insertInto("suppressions")
      .values({ teamId: user.teamId, channel: "EMAIL", address: "kim@example.com", reason: "bounced" })
      .execute();
    // Another team suppressing the same number changes nothing here.
    const other = await signedIn();
    await getDb()
      .insertInto("suppressions")
      .values({ teamId: other.teamId, channel: "WHATSAPP", address: "+14155550101", reason: "complained" })
      .execute();

    const { subscriptions } = await page(user.cookie, id);

    // Suppressions keep addresses lower-case; the contact keeps the case it was given.

    expect(subscriptions).toEqual([
      {
        channel: "EMAIL",
        address: "Kim@Example.com",
        status: "subscribed",
        suppressed: expect.objectContaining({ reason: "bounced" }),
      },
      { channel: "SMS", address: "+14155550101", status: "unsubscribed", suppressed: null },
      { channel: "WHATSAPP", address: "+14155550101", status: "subscribed", suppressed: null },
    ]);
  });

  test("a contact known by user id alone has no addresses and is titled by that id", async () => {
    const user = await signedIn();
    const id = await identified(user.teamId, "u-only", {});

    const data = await page(user.cookie, id);

    expect(data.title).toBe("u-only");
    expect(data.subscriptions.map((s) => s.address)).toEqual([null, null, null]);
    expect(data.attributes).toEqual([]);
  });

  test("the timeline holds only this contact's events, newest first, and pages by keyset without gaps or repeats", async () => {
    const user = await signedIn();
    const id = await identified(user.teamId, "u-ada", { name: "Ada" });
    await identified(user.teamId, "u-other", { name: "Other" });
    await seedEvents(
      user.teamId,
      Array.from({ length: 60 }, (_, i) => ({
        name: `Step ${i % 4}`,
        userId: "u-ada",
        properties: { i },
        occurredAt: hoursAgo(i),
      })),
    );
    await seedEvents(user.teamId, [{ name: "Step 0", userId: "u-other", occurredAt: hoursAgo(0.5) }]);

    const first = await page(user.cookie, id);
    expect(first.events).toHaveLength(25);
    expect(first.events[0]).toMatchObject({ type: "track", name: "Step 0", properties: '{"i":0}' });
    const seen = [...first.events];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(user.cookie, id, `?cursor=${cursor}`);
      expect(next.cursor).toBe(cursor);
      seen.push(...next.events);
      cursor = next.nextCursor;
    }
    // 60 tracked events, then the identify that made the contact (100 hours ago).
    expect(seen.map((e) => e.properties)).toEqual([
      ...Array.from({ length: 60 }, (_, i) => `{"i":${i}}`),
      '{"name":"Ada"}',
    ]);
    expect(seen.at(-1)).toMatchObject({ type: "identify", name: null });
  });

  test("another team's contact, an unknown id and a malformed id are each a 404", async () => {
    const owner = await signedIn();
    const id = await identified(owner.teamId, "u-private", { name: "Private Person", plan: "secret" });
    const stranger = await signedIn();

    for (const target of [id, newId(), "not-an-id"]) {
      const response = await visit(stranger.cookie, target);
      expect(response.status, target).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain("Private Person");
    }
  });

  test("a page link that is no longer valid goes back to the newest events with an error toast", async () => {
    const user = await signedIn();
    const id = await identified(user.teamId, "u-link", { name: "Link" });

    const response = await visit(user.cookie, id, "?cursor=bm90LWEtY3Vyc29y");

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/dashboard/contacts/${id}`);
    const toasts = await readFlashToasts(getRequest("/dashboard/contacts", { Cookie: cookieHeaderFrom(response) }));
    expect(toasts).toEqual([expect.objectContaining({ type: "error", title: "Error" })]);
  });

  test("without a session it sends the visitor to sign in", async () => {
    const owner = await signedIn();
    const id = await identified(owner.teamId, "u-anon", {});
    const response = await visit({}, id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
