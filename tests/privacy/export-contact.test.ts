import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { sendQueues } from "../delivery/fixtures.ts";
import { hoursAgo, seedEvents } from "../events/seed.ts";
import { createSignedInUser } from "../factories.ts";
import { exportOf, teamWithTrackedPerson } from "./fixtures.ts";

const queues = sendQueues();

describe("GET /api/contacts/{id}/export", () => {
  test("downloads the person's fields, attributes, events, messages and engagement as JSON", async () => {
    const { token, person, campaignId } = await teamWithTrackedPerson(queues);
    const response = await exportOf(token, person.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="contact-${person.id}.json"`);
    const { data } = (await response.json()) as { data: Record<string, any> };
    expect(data.contact.fields).toMatchObject({
      id: person.id,
      name: "Erin Erased",
      email: person.email,
      phone: person.phone,
      externalId: person.userId,
      anonymousIds: [person.anonymousId],
    });
    expect(data.contact.attributes).toEqual({ plan: "pro" });
    expect(data.events.map((e: { type: string; name: string | null }) => e.name ?? e.type).sort()).toEqual([
      "Signed In",
      "Viewed Pricing",
      "identify",
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({ campaignId, campaign: expect.any(String), channel: "EMAIL", address: person.email }),
    ]);
    expect(data.engagement).toEqual([expect.objectContaining({ campaignId, opens: 1, clicks: 0 })]);
    expect(data.notes).toEqual([]);
  });
});

describe("a contact with more events than one page", () => {
  test("the export streams every event once, across pages, as one valid JSON document", async () => {
    const user = await createSignedInUser();
    const events = Array.from({ length: 1_201 }, (_, i) => ({
      userId: "u-busy",
      name: i === 0 ? null : `Step ${i % 3}`,
      type: i === 0 ? ("identify" as const) : ("track" as const),
      properties: i === 0 ? { email: "busy@example.com" } : ({ n: i } as Record<string, unknown>),
      occurredAt: hoursAgo(2000 - i),
    }));
    await seedEvents(user.teamId, events);
    const [contact] = await getDb().selectFrom("contacts").select("id").where("teamId", "=", user.teamId).execute();

    const response = await exportOf(user.token, contact!.id);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { events: { properties: { n?: number } }[] } };
    expect(data.events).toHaveLength(1_201);
    const numbers = data.events.map((e) => e.properties.n ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 1_201 }, (_, i) => i));
  });
});
