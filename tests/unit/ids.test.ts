import { describe, expect, test } from "vitest";
import { newId, newIds } from "#db/ids.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newId", () => {
  test("is a UUID version 7 with the RFC 9562 variant", () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(UUID_V7);
  });

  test("carries its creation time in the first 48 bits", () => {
    const now = Date.UTC(2026, 10, 22, 3, 0, 0, 123);

    const id = newId(now);

    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(now);
  });

  test("sorts by creation time", () => {
    const ids = [5_000, 1_000, 1_700_000_000_000, 1_000_000].map((time) => newId(time));

    expect([...ids].sort()).toEqual([ids[1], ids[0], ids[3], ids[2]]);
  });

  test("is unique within the same millisecond", () => {
    const ids = Array.from({ length: 1000 }, () => newId(1_800_000_000_000));

    expect(new Set(ids).size).toBe(1000);
  });
});

describe("newIds", () => {
  test("makes that many distinct UUIDs version 7 carrying the given time", () => {
    const now = Date.UTC(2026, 10, 22, 7, 0, 0, 5);
    const ids = newIds(500, now);
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) {
      expect(id).toMatch(UUID_V7);
      expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(now);
    }
  });
});
