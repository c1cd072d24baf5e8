import { Analytics } from "@segment/analytics-node";
import { getDb } from "#db/database.ts";
import { revokeWriteKey } from "#server/write-keys/write-keys.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactsOfTeam, createTrackingTeam, storedEvents } from "./fixtures.ts";
import { startTrackingServer, type TrackingServer } from "./tracking-server.ts";
import { ownerAccess } from "../team-access.ts";

// Segment's own Node SDK, unmodified, pointed at Murmur: what a team does when it
// switches its existing instrumentation over.

let server: TrackingServer;
beforeAll(async () => {
  server = await startTrackingServer();
});
afterAll(async () => {
  await server.close();
});

function sdk(writeKey: string, options: { flushAt?: number } = {}) {
  return new Analytics({
    writeKey,
    host: server.url,
    flushAt: options.flushAt ?? 15,
    flushInterval: 50,
    maxRetries: 3,
  });
}

describe("@segment/analytics-node against the tracking API", () => {
  test("track and identify arrive once each, the track attached to the identified contact", async () => {
    const team = await createTrackingTeam();
    const analytics = sdk(team.writeKey);
    analytics.identify({ userId: "user-42", traits: { email: "ada@example.com", name: "Ada Lovelace", plan: "pro" } });
    analytics.track({ userId: "user-42", event: "Report Exported", properties: { format: "csv" } });
    await analytics.closeAndFlush({ timeout: 10_000 });

    const contacts = await contactsOfTeam(team.teamId);
    expect(contacts).toEqual([
      expect.objectContaining({
        externalId: "user-42",
        email: "ada@example.com",
        name: "Ada Lovelace",
        attributes: { plan: "pro" },
      }),
    ]);
    const events = await storedEvents(team.teamId);
    expect(events.map((e) => [e.type, e.name, e.userId, e.contactId])).toEqual(
      expect.arrayContaining([
        ["identify", null, "user-42", contacts[0]!.id],
        ["track", "Report Exported", "user-42", contacts[0]!.id],
      ]),
    );
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.type === "track")?.properties).toEqual({ format: "csv" });
  });

  test("a batch of 1,000 events is stored exactly once, even when the SDK retries after a failed answer", async () => {
    const team = await createTrackingTeam();
    const analytics = sdk(team.writeKey, { flushAt: 1000 });
    const failedBefore = server.answers.length;
    // The first request is stored, then answered 503: the SDK sends the same batch again.
    server.failAfterStoring(1);
    for (let i = 0; i < 1000; i++) {
      analytics.track({ userId: `user-${i % 37}`, event: i % 2 ? "Page Viewed" : "Signed In", properties: { n: i } });
    }
    await analytics.closeAndFlush({ timeout: 15_000 });

    const answers = server.answers.slice(failedBefore);
    expect(answers[0]).toBe(503);
    expect(answers.at(-1)).toBe(200);
    const events = await storedEvents(team.teamId);
    expect(events).toHaveLength(1000);
    expect(new Set(events.map((e) => e.messageId)).size).toBe(1000);
    expect(events.map((e) => (e.properties as { n: number }).n).sort((a, b) => a - b)).toEqual([...Array(1000).keys()]);
  });

  test("a revoked write key is refused: nothing is stored", async () => {
    const team = await createTrackingTeam();
    await revokeWriteKey(getDb(), { access: await ownerAccess(team.teamId), keyId: team.writeKeyId });
    const analytics = sdk(team.writeKey);
    const before = server.answers.length;
    analytics.track({ userId: "someone", event: "Signed In" });
    await analytics.closeAndFlush({ timeout: 10_000 });
    expect(server.answers.slice(before)).toEqual([401]);
    expect(await storedEvents(team.teamId)).toHaveLength(0);
  });
});
