import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newId } from "#db/ids.ts";
import {
  readClickToken,
  readOpenToken,
  readUnsubscribeToken,
  signClickToken,
  signClickTokens,
  signOpenToken,
  signUnsubscribeToken,
} from "#server/tracking/tokens.ts";

const key = randomBytes(32);
const deliveryId = newId();

/** The token with one bit of its byte `at` flipped (negative: from the end). */
function flipBit(token: string, at: number): string {
  const bytes = Buffer.from(token, "base64url");
  const index = at < 0 ? bytes.length + at : at;
  bytes[index]! ^= 0x01;
  return bytes.toString("base64url");
}

const recipient = { deliveryId, teamId: newId(), contactId: newId(), channel: "EMAIL" as const };

describe("open and unsubscribe tokens", () => {
  test("carry the delivery, and for unsubscribing the recipient, back out", () => {
    expect(readOpenToken(key, signOpenToken(key, deliveryId))).toBe(deliveryId);
    expect(readUnsubscribeToken(key, signUnsubscribeToken(key, recipient))).toEqual(recipient);
    const sms = { ...recipient, channel: "SMS" as const };
    expect(readUnsubscribeToken(key, signUnsubscribeToken(key, sms))).toEqual(sms);
  });

  test("are URL-safe and short", () => {
    const token = signOpenToken(key, deliveryId);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThanOrEqual(44);
    expect(signUnsubscribeToken(key, recipient)).toMatch(/^[A-Za-z0-9_-]{88}$/);
  });

  test("are refused when any bit changed: the delivery, the team, the contact, the channel or the signature", () => {
    const open = signOpenToken(key, deliveryId);
    for (const at of [1, 8, 16, -1, -16]) expect(readOpenToken(key, flipBit(open, at))).toBeNull();
    const unsubscribe = signUnsubscribeToken(key, recipient);
    for (const at of [1, 17, 33, 49, -1, -16]) expect(readUnsubscribeToken(key, flipBit(unsubscribe, at))).toBeNull();
  });

  test("are sealed with standard HMAC-SHA256, cut to 16 bytes, whatever the key's length", () => {
    // TRACKING_SECRET may be longer than SHA-256's block; HMAC hashes such a key first.
    for (const secret of [key, Buffer.from("a tracking secret of exactly thirty-two+", "utf8"), randomBytes(100)]) {
      const bytes = Buffer.from(signOpenToken(secret, deliveryId), "base64url");
      const payload = bytes.subarray(0, -16);
      expect(bytes.subarray(-16)).toEqual(createHmac("sha256", secret).update(payload).digest().subarray(0, 16));
    }
  });

  test("are refused under another key, as another kind, truncated, or as garbage", () => {
    const token = signOpenToken(key, deliveryId);
    expect(readOpenToken(randomBytes(32), token)).toBeNull();
    expect(readUnsubscribeToken(key, token)).toBeNull();
    expect(readOpenToken(key, signUnsubscribeToken(key, recipient))).toBeNull();
    expect(readOpenToken(key, token.slice(0, -2))).toBeNull();
    expect(readOpenToken(key, "")).toBeNull();
    expect(readOpenToken(key, "not a token!")).toBeNull();
    expect(readOpenToken(key, "A".repeat(44))).toBeNull();
  });
});

describe("click tokens", () => {
  test("signed for a whole message at once, each carries its own link", () => {
    const urls = ["https://example.com/a", "https://example.com/b?x=1&y=2", "https://example.com/ü"];
    const tokens = signClickTokens(key, deliveryId, urls);
    expect(tokens.map((token) => readClickToken(key, token))).toEqual(
      urls.map((url, linkIndex) => ({ deliveryId, linkIndex, url })),
    );
    expect(tokens[1]).toBe(signClickToken(key, { deliveryId, linkIndex: 1, url: urls[1]! }));
  });

  const target = { deliveryId, linkIndex: 3, url: "https://example.com/launch?utm_source=murmur&ref=ü" };

  test("carry the delivery, the link index and its URL", () => {
    expect(readClickToken(key, signClickToken(key, target))).toEqual(target);
  });

  test("cannot be moved to another delivery or link, nor pointed elsewhere", () => {
    const token = signClickToken(key, target);
    // Byte 1 is in the delivery id, 17-18 the link index, 19 on the URL.
    for (const at of [1, 10, 18, 19, 30, -1]) expect(readClickToken(key, flipBit(token, at))).toBeNull();
  });

  test("an open or unsubscribe token is not a click token, and the other way round", () => {
    expect(readClickToken(key, signOpenToken(key, deliveryId))).toBeNull();
    expect(readClickToken(key, signUnsubscribeToken(key, recipient))).toBeNull();
    expect(readOpenToken(key, signClickToken(key, target))).toBeNull();
  });

  test("only http(s) URLs can be signed into a working token", () => {
    const token = signClickToken(key, { ...target, url: "javascript:alert(1)" });
    expect(readClickToken(key, token)).toBeNull();
  });
});
