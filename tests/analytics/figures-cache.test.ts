import { describe, expect, test } from "vitest";
import { FiguresCache } from "#server/analytics/figures-cache.ts";

describe("the figures cache", () => {
  test("answers a key again only at the version it was read at, and shares a read in progress", async () => {
    const cache = new FiguresCache(10);
    let reads = 0;
    const read = async () => ++reads;
    const [a, b] = await Promise.all([cache.read("team-1", "7", read), cache.read("team-1", "7", read)]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(await cache.read("team-1", "8", read)).toBe(2);
    expect(await cache.read("team-1", "8", read)).toBe(2);
    // A newer version replaces its key's entry rather than adding one.
    expect(cache.size).toBe(1);
  });

  test("keeps at most its limit, the least recently used going first", async () => {
    const cache = new FiguresCache(2);
    let reads = 0;
    const read = async () => ++reads;
    await cache.read("a", "1", read);
    await cache.read("b", "1", read);
    await cache.read("a", "1", read); // a is now the most recent
    await cache.read("c", "1", read); // b goes
    expect(cache.size).toBe(2);
    expect(reads).toBe(3);
    await cache.read("a", "1", read);
    expect(reads).toBe(3);
    await cache.read("b", "1", read);
    expect(reads).toBe(4);
  });

  test("does not keep a read that failed", async () => {
    const cache = new FiguresCache(10);
    await expect(cache.read("a", "1", () => Promise.reject(new Error("connection lost")))).rejects.toThrow(
      "connection lost",
    );
    expect(await cache.read("a", "1", async () => "figures")).toBe("figures");
  });
});
