import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { revokeWriteKey } from "#server/write-keys/write-keys.ts";
import { basicAuth, createTrackingTeam, postTracking, storedEvents } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

const track = (overrides: Record<string, unknown> = {}) => ({
  type: "track",
  userId: "user-1",
  event: "Signed In",
  messageId: `m-${Math.random()}`,
  ...overrides,
});

describe("the tracking API's answers", () => {
  test("each call stores its message and answers like Segment", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    expect(
      await postTracking("track", { userId: "u1", event: "Signed In", properties: { plan: "pro" } }, auth),
    ).toEqual({
      status: 200,
      body: { success: true },
    });
    await postTracking(
      "page",
      { anonymousId: "anon-1", name: "Pricing", category: "Marketing", properties: { path: "/pricing" } },
      auth,
    );
    await postTracking("identify", { userId: "u1", traits: { email: "u1@example.com" } }, auth);
    const events = await storedEvents(team.teamId);
    expect(events.map((e) => [e.type, e.name, e.userId, e.anonymousId, e.properties])).toEqual(
      expect.arrayContaining([
        ["track", "Signed In", "u1", null, { plan: "pro" }],
        ["page", "Pricing", null, "anon-1", { path: "/pricing", category: "Marketing" }],
        ["identify", null, "u1", null, { email: "u1@example.com" }],
      ]),
    );
  });

  test("the write key goes as the Basic user name; a missing, unknown or revoked key is a 401 with a message", async () => {
    const team = await createTrackingTeam();
    const missing = await postTracking("track", track());
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe("Missing write key: send it as the HTTP Basic user name.");

    const unknown = await postTracking("track", track(), basicAuth("mwk_unknown"));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Invalid write key: it does not exist or has been revoked.");

    await revokeWriteKey(getDb(), { access: await ownerAccess(team.teamId), keyId: team.writeKeyId });
    const revoked = await postTracking("batch", { batch: [track()] }, basicAuth(team.writeKey));
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
    expect(await storedEvents(team.teamId)).toHaveLength(0);
  });

  test("the key may also travel as writeKey in the body, as Segment allows", async () => {
    const team = await createTrackingTeam();
    const answer = await postTracking("batch", { writeKey: team.writeKey, batch: [track()] });
    expect(answer.status).toBe(200);
    expect(await storedEvents(team.teamId)).toHaveLength(1);
  });

  test("an event over 32 KB and a batch over 500 KB are refused with a 400 saying so; nothing of them is stored", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    const big = "x".repeat(33 * 1024);

    const single = await postTracking("track", track({ properties: { big } }), auth);
    expect(single.status).toBe(400);
    expect(single.body.message).toMatch(/^An event may be at most 32 KB; this request is 3\d KB\.$/);

    const inBatch = await postTracking("batch", { batch: [track(), track({ properties: { big } })] }, auth);
    expect(inBatch.status).toBe(400);
    expect(inBatch.body.message).toMatch(/^batch\[1\] is 3\d KB; an event may be at most 32 KB\.$/);

    const medium = "y".repeat(20 * 1024);
    const large = await postTracking(
      "batch",
      { batch: Array.from({ length: 30 }, () => track({ properties: { medium } })) },
      auth,
    );
    expect(large.status).toBe(400);
    expect(large.body.message).toMatch(/^A batch may be at most 500 KB; this request is \d+ KB\.$/);

    // Just under both limits is fine.
    const fits = await postTracking(
      "batch",
      { batch: Array.from({ length: 24 }, () => track({ properties: { medium } })) },
      auth,
    );
    expect(fits.status).toBe(200);
    expect(await storedEvents(team.teamId)).toHaveLength(24);
  });

  test("bad messages get a 400 naming the message and the field, and the batch is not stored", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    const cases: [unknown, string][] = [
      [{ batch: [track(), track({ event: undefined })] }, "batch[1].event: a track call needs an event name."],
      [{ batch: [track({ userId: undefined })] }, "batch[0].userId: every message needs a userId or an anonymousId."],
      [
        { batch: [track({ type: "screen" })] },
        'batch[0].type: "screen" is not supported; send track, identify or page.',
      ],
      [
        { batch: [track({ timestamp: "yesterday-ish" })] },
        "Invalid message. batch[0].timestamp: must be an ISO 8601 date",
      ],
      [{ batch: [track({ properties: [1, 2] })] }, "Invalid message. batch[0].properties: must be a JSON object"],
      [{ events: [] }, "Invalid message. batch: is required: a list of messages"],
    ];
    for (const [body, message] of cases) {
      const answer = await postTracking("batch", body, auth);
      expect(answer, message).toEqual({ status: 400, body: { success: false, message } });
    }
    const notJson = await postTracking("track", "{not json", auth);
    expect(notJson.body.message).toBe("The request body must be valid JSON.");
    expect(await storedEvents(team.teamId)).toHaveLength(0);
  });

  test("a repeated messageId is stored once, in the same batch or a later one", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    const first = track({ messageId: "dup-1", properties: { attempt: 1 } });
    await postTracking(
      "batch",
      { batch: [first, { ...first, properties: { attempt: 2 } }, track({ messageId: "other" })] },
      auth,
    );
    await postTracking("track", { ...first, properties: { attempt: 3 } }, auth);
    const events = await storedEvents(team.teamId);
    expect(events.map((e) => [e.messageId, e.properties])).toEqual(
      expect.arrayContaining([
        ["dup-1", { attempt: 1 }],
        ["other", {}],
      ]),
    );
    expect(events).toHaveLength(2);
  });

  test("timestamps are corrected by the sender's clock error, measured as sentAt against the time received", async () => {
    const team = await createTrackingTeam();
    const auth = basicAuth(team.writeKey);
    // The device's clock runs 2 hours fast: it stamps events and sentAt 2 hours ahead.
    const skew = 2 * 60 * 60 * 1000;
    const deviceNow = Date.now() + skew;
    const before = Date.now();
    await postTracking(
      "batch",
      {
        sentAt: new Date(deviceNow).toISOString(),
        batch: [
          track({ messageId: "a", timestamp: new Date(deviceNow - 60_000).toISOString() }),
          // A message's own sentAt wins over the batch's.
          track({
            messageId: "b",
            timestamp: new Date(deviceNow - 120_000).toISOString(),
            sentAt: new Date(deviceNow + 5_000).toISOString(),
          }),
        ],
      },
      auth,
    );
    // No sentAt: the timestamp is taken as given. No timestamp: the time received.
    await postTracking("track", track({ messageId: "c", timestamp: "2026-01-02T03:04:05.000Z" }), auth);
    await postTracking("track", track({ messageId: "d" }), auth);
    const after = Date.now();

    const at = new Map((await storedEvents(team.teamId)).map((e) => [e.messageId, e]));
    const a = at.get("a")!;
    expect(a.occurredAt.getTime()).toBe(a.receivedAt.getTime() - 60_000);
    expect(a.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(a.receivedAt.getTime()).toBeLessThanOrEqual(after);
    const b = at.get("b")!;
    expect(b.occurredAt.getTime()).toBe(b.receivedAt.getTime() - 125_000);
    expect(at.get("c")!.occurredAt.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    const d = at.get("d")!;
    expect(d.occurredAt.getTime()).toBe(d.receivedAt.getTime());
  });

  test("a write key only ever writes to its own team", async () => {
    const teamA = await createTrackingTeam();
    const teamB = await createTrackingTeam();
    await postTracking(
      "identify",
      { userId: "shared-user", traits: { email: "a@example.com" } },
      basicAuth(teamA.writeKey),
    );
    await postTracking("track", track({ userId: "shared-user", messageId: "same-id" }), basicAuth(teamB.writeKey));
    await postTracking("track", track({ userId: "shared-user", messageId: "same-id" }), basicAuth(teamA.writeKey));

    const a = await storedEvents(teamA.teamId);
    const b = await storedEvents(teamB.teamId);
    expect(a.map((e) => e.type).sort()).toEqual(["identify", "track"]);
    expect(a.every((e) => e.contactId !== null)).toBe(true);
    // Team B has no contact with that userId: its event belongs to no contact, not to team A's.
    expect(b.map((e) => [e.messageId, e.contactId])).toEqual([["same-id", null]]);
  });
});
