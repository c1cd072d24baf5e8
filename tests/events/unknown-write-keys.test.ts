import { afterEach, describe, expect, test, vi } from "vitest";
import { DISTINCT_KEYS_PER_MINUTE } from "#server/events/unknown-write-keys.ts";
import { sameNetworkIp, uniqueIp } from "../requests.ts";
import { basicAuth, createTrackingTeam, postTracking, postTrackingRequest, storedEvents } from "./fixtures.ts";

const INVALID = "Invalid write key: it does not exist or has been revoked.";
const track = () => ({ type: "track", userId: "user-1", event: "Signed In", messageId: `m-${Math.random()}` });
const madeUpKey = () => `mwk_${crypto.randomUUID().replaceAll("-", "")}`;

afterEach(() => vi.useRealTimers());

describe("made-up write keys on the tracking API", () => {
  test("an address trying too many unknown keys a minute gets 429 with Retry-After until the minute ends", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-29T10:00:00Z") });
    const team = await createTrackingTeam();
    const ip = uniqueIp();

    for (let n = 0; n < DISTINCT_KEYS_PER_MINUTE; n++) {
      const answer = await postTracking("track", track(), basicAuth(madeUpKey()), { ip });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(INVALID);
    }
    vi.setSystemTime(new Date("2026-11-29T10:00:45Z"));
    const refused = await postTrackingRequest("track", track(), basicAuth(madeUpKey()), { ip: sameNetworkIp(ip) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("15");
    expect((await refused.json()).message).toBe(
      "Too many unknown write keys from this address. Please wait 15 seconds and try again.",
    );
    // Until then even a live key from that network is refused: it cannot be told apart without a lookup.
    expect((await postTracking("track", track(), basicAuth(team.writeKey), { ip })).status).toBe(429);
    // Another address is not held back.
    expect((await postTracking("track", track(), basicAuth(team.writeKey), { ip: uniqueIp() })).status).toBe(200);

    vi.setSystemTime(new Date("2026-11-29T10:01:00Z"));
    expect((await postTracking("track", track(), basicAuth(team.writeKey), { ip })).status).toBe(200);
    expect((await postTracking("track", track(), basicAuth(madeUpKey()), { ip })).status).toBe(401);
    expect(await storedEvents(team.teamId)).toHaveLength(2);
  });

  test("one unknown key sent again and again is a 401 each time and never brings the 429", async () => {
    const ip = uniqueIp();
    const key = madeUpKey();

    for (let n = 0; n < DISTINCT_KEYS_PER_MINUTE * 3; n++) {
      const answer = await postTracking("batch", { batch: [track()] }, basicAuth(key), { ip });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(INVALID);
    }
  });

  test("a revoked key stays refused, in the body as in the header", async () => {
    const ip = uniqueIp();
    const key = madeUpKey();
    expect((await postTracking("track", track(), basicAuth(key), { ip })).status).toBe(401);

    const inBody = await postTracking("batch", { writeKey: key, batch: [track()] }, {}, { ip });

    expect(inBody.status).toBe(401);
    expect(inBody.body.message).toBe(INVALID);
  });
});
