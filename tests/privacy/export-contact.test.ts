import { describe, expect, test } from "vitest";
import { sendQueues } from "../delivery/fixtures.ts";
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
