import { describe, expect, test } from "vitest";
import { parseTrackingBody } from "#server/events/messages.ts";

const receivedAt = new Date("2026-11-23T12:00:10.000Z");

function parse(batch: unknown[], sentAt = "2026-11-23T12:00:00.000Z") {
  return parseTrackingBody(JSON.stringify({ batch, sentAt }), "batch", receivedAt).map(({ id: _, ...m }) => m);
}

describe("tracking messages", () => {
  test("the shape SDKs send and the shapes the schema converts come out alike", () => {
    const context = { library: { name: "analytics-node", version: "3.1.0" } };
    const [plain, converted] = parse([
      {
        type: "track",
        userId: "42",
        event: "Report Viewed",
        properties: { plan: "pro" },
        context,
        timestamp: "2026-11-23T11:59:00.000Z",
        messageId: "m-1",
      },
      {
        type: "track",
        userId: 42,
        event: "  Report Viewed ",
        properties: { plan: "pro" },
        context,
        timestamp: Date.parse("2026-11-23T11:59:00.000Z"),
        messageId: 7,
      },
    ]);
    // The client's clock runs 10 s slow (sentAt against receipt): the time moves by as much.
    const expected = {
      type: "track",
      name: "Report Viewed",
      userId: "42",
      anonymousId: null,
      properties: { plan: "pro" },
      context,
      occurredAt: new Date("2026-11-23T11:59:10.000Z"),
    };
    expect(plain).toEqual({ ...expected, messageId: "m-1" });
    expect(converted).toEqual({ ...expected, messageId: "7" });
  });

  test("identify keeps its traits, page its name and category; without a messageId one is made", () => {
    const [identify, page] = parse([
      { type: "identify", anonymousId: "a-1", traits: { email: "ada@example.com" } },
      { type: "page", userId: "u-1", name: " Pricing ", category: "Docs", properties: { path: "/pricing" } },
    ]);
    expect(identify).toMatchObject({
      type: "identify",
      name: null,
      userId: null,
      anonymousId: "a-1",
      properties: { email: "ada@example.com" },
      occurredAt: receivedAt,
    });
    expect(identify!.messageId).toMatch(/^murmur-/);
    expect(page).toMatchObject({
      type: "page",
      name: "Pricing",
      userId: "u-1",
      properties: { path: "/pricing", category: "Docs" },
    });
  });

  test("values outside the common shape still get the schema's messages", () => {
    const fault = (message: object) => {
      try {
        parse([{ type: "track", userId: "u", event: "E", ...message }]);
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(fault({ event: "x".repeat(201) })).toBe("Invalid message. batch[0].event: must be at most 200 characters");
    expect(fault({ timestamp: "yesterday" })).toBe("Invalid message. batch[0].timestamp: must be an ISO 8601 date");
    expect(fault({ properties: [1, 2] })).toBe("Invalid message. batch[0].properties: must be a JSON object");
    expect(fault({ messageId: "" })).toMatch(/^Invalid message\. batch\[0\]\.messageId: /);
    expect(fault({ userId: "u".repeat(256) })).toBe("Invalid message. batch[0].userId: must be at most 255 characters");
  });
});
