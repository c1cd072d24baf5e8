import { describe, expect, test } from "vitest";
import { handleTrackingCall } from "#server/events/tracking-request.ts";
import { createTrackingLimiter, type TrackingLimiter } from "#server/events/tracking-rate-limit.ts";
import { jsonRequest } from "../requests.ts";
import { basicAuth, createTrackingTeam, storedEvents } from "./fixtures.ts";

// The tracking API's limit per write key, with small settings and a clock the
// test moves, so the limit is reached in a few requests and nobody waits.

/** A clock standing at the start of a 10-second window, moved by hand. */
function manualClock() {
  let now = Date.parse("2031-05-06T07:00:00Z");
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function post(limiter: TrackingLimiter, writeKey: string, body: Record<string, unknown> = {}) {
  const request = jsonRequest(
    "/v1/track",
    { userId: "u1", event: "Clicked", ...body },
    { headers: basicAuth(writeKey) },
  );
  const response = await handleTrackingCall(request, "track", { limiter });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

describe("the tracking API's limit per write key", () => {
  test("past its burst a key gets 429 with Retry-After and nothing stored; another key goes on; the bucket refills", async () => {
    const clock = manualClock();
    const limiter = createTrackingLimiter({
      ratePerSecond: 5,
      burst: 10,
      flushEvery: 100,
      flushMs: 60_000,
      now: clock.now,
    });
    const team = await createTrackingTeam();
    const other = await createTrackingTeam();
    for (let i = 0; i < 10; i++) expect((await post(limiter, team.writeKey)).status).toBe(200);

    const refused = await post(limiter, team.writeKey, { event: "Refused" });

    expect(refused).toEqual({
      status: 429,
      retryAfter: "1",
      body: { success: false, message: "Too many requests for this write key. Please wait 1 second and try again." },
    });
    expect((await post(limiter, other.writeKey)).status).toBe(200);
    expect((await storedEvents(team.teamId)).map((e) => e.name)).toEqual(Array(10).fill("Clicked"));

    clock.advance(1000);
    const afterASecond = [];
    for (let i = 0; i < 6; i++) afterASecond.push((await post(limiter, team.writeKey)).status);
    expect(afterASecond).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("two processes share the key's limit through PostgreSQL, overshooting by at most a flush each", async () => {
    const clock = manualClock();
    // 2 a second is 20 per shared 10-second window; the local buckets never bind here.
    const settings = { ratePerSecond: 2, burst: 1000, flushEvery: 5, flushMs: 60_000, now: clock.now };
    const first = createTrackingLimiter(settings);
    const second = createTrackingLimiter(settings);
    const team = await createTrackingTeam();
    const send = async (limiter: TrackingLimiter, times: number) => {
      const statuses = [];
      for (let i = 0; i < times; i++) statuses.push((await post(limiter, team.writeKey)).status);
      return statuses;
    };

    expect(await send(first, 15)).toEqual(Array(15).fill(200));
    // The second process's flush at 10 brings the shared count to 25, over 20: it stops.
    expect(await send(second, 11)).toEqual([...Array(10).fill(200), 429]);
    // The first learns at its next flush.
    expect(await send(first, 6)).toEqual([...Array(5).fill(200), 429]);
    const refused = await post(second, team.writeKey);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("10");
    expect(await storedEvents(team.teamId)).toHaveLength(30);

    clock.advance(10_000);
    expect(await send(first, 1)).toEqual([200]);
    expect(await send(second, 1)).toEqual([200]);
  });

  test("a key sent in the body is limited the same way", async () => {
    const clock = manualClock();
    const limiter = createTrackingLimiter({
      ratePerSecond: 1,
      burst: 2,
      flushEvery: 100,
      flushMs: 60_000,
      now: clock.now,
    });
    const team = await createTrackingTeam();
    const inBody = async () => {
      const request = jsonRequest("/v1/track", { writeKey: team.writeKey, userId: "u1", event: "Clicked" });
      return (await handleTrackingCall(request, "track", { limiter })).status;
    };
    expect([await inBody(), await inBody(), await inBody()]).toEqual([200, 200, 429]);
  });
});
