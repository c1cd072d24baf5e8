import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newId } from "../../db/ids.ts";
import { readClickToken, readDeliveryToken, signClickToken, signDeliveryToken } from "../../server/tracking/tokens.ts";

const key = randomBytes(32);
const deliveryId = newId();

/** The token with one bit of its byte `at` flipped (negative: from the end). */
function flipBit(token: string, at: number): string {
  const bytes = Buffer.from(token, "base64url");
  const index = at < 0 ? bytes.length + at : at;
  bytes[index]! ^= 0x01;
  return bytes.toString("base64url");
}

describe("open and unsubscribe tokens", () => {
  test("carry the delivery id back out", () => {
    expect(readDeliveryToken(key, "open", signDeliveryToken(key, "open", deliveryId))).toBe(deliveryId);
    expect(readDeliveryToken(key, "unsubscribe", signDeliveryToken(key, "unsubscribe", deliveryId))).toBe(deliveryId);
  });

  test("are URL-safe and short", () => {
    const token = signDeliveryToken(key, "open", deliveryId);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThanOrEqual(44);
  });

  test("are refused when any bit changed, in the id or in the signature", () => {
    const token = signDeliveryToken(key, "unsubscribe", deliveryId);
    for (const at of [1, 8, 16, -1, -16]) expect(readDeliveryToken(key, "unsubscribe", flipBit(token, at))).toBeNull();
  });

  test("are refused under another key, as another kind, truncated, or as garbage", () => {
    const token = signDeliveryToken(key, "open", deliveryId);
    expect(readDeliveryToken(randomBytes(32), "open", token)).toBeNull();
    expect(readDeliveryToken(key, "unsubscribe", token)).toBeNull();
    expect(readDeliveryToken(key, "open", token.slice(0, -2))).toBeNull();
    expect(readDeliveryToken(key, "open", "")).toBeNull();
    expect(readDeliveryToken(key, "open", "not a token!")).toBeNull();
    expect(readDeliveryToken(key, "open", "A".repeat(44))).toBeNull();
  });
});

describe("click tokens", () => {
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
    expect(readClickToken(key, signDeliveryToken(key, "open", deliveryId))).toBeNull();
    expect(readDeliveryToken(key, "open", signClickToken(key, target))).toBeNull();
  });

  test("only http(s) URLs can be signed into a working token", () => {
    const token = signClickToken(key, { ...target, url: "javascript:alert(1)" });
    expect(readClickToken(key, token)).toBeNull();
  });
});
