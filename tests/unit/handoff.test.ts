import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { handOver } from "../../server/delivery/handoff.ts";

/** `count` numbers served `per` at a time, as windows of due deliveries would be. */
function windows(count: number, per: number) {
  let next = 0;
  const taken: number[] = [];
  return {
    taken,
    take: async () => {
      await sleep(2);
      if (next >= count) return null;
      const batch = Array.from({ length: Math.min(per, count - next) }, (_, i) => next + i);
      next += batch.length;
      taken.push(...batch);
      return batch;
    },
  };
}

describe("handing messages over", () => {
  test("never more than the limit unanswered, marked before sent, in fewer marks than messages, windows taken before the wire runs dry", async () => {
    const source = windows(47, 10);
    const marked = new Set<number>();
    const sent: number[] = [];
    const marks: number[][] = [];
    let unanswered = 0;
    let most = 0;
    let idleWhileMore = 0;
    await handOver({
      limit: 4,
      take: source.take,
      mark: async (group) => {
        marks.push(group);
        await sleep(3);
        for (const item of group) marked.add(item);
        return group;
      },
      send: async (item) => {
        expect(marked.has(item)).toBe(true);
        unanswered += 1;
        most = Math.max(most, unanswered);
        await sleep(1 + (item % 3) * 2);
        unanswered -= 1;
        sent.push(item);
        if (unanswered === 0 && sent.length < 47 && source.taken.length === sent.length) idleWhileMore += 1;
      },
    });
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i));
    expect(most).toBe(4);
    expect(marks.flat()).toHaveLength(47);
    expect(marks.length).toBeLessThan(47);
    expect(Math.max(...marks.map((group) => group.length))).toBeLessThanOrEqual(4);
    expect(idleWhileMore).toBe(0);
  });

  test("while messages are out, a mark waits for half the slots; the last few go at once", async () => {
    const marks: number[][] = [];
    await handOver({
      limit: 6,
      take: windows(20, 20).take,
      mark: async (group) => {
        marks.push(group);
        await sleep(1);
        return group;
      },
      send: async (item) => {
        await sleep(1 + (item % 4));
      },
    });
    expect(marks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // The first group fills every slot; later ones are at least half of them, but for the tail.
    expect(marks[0]).toHaveLength(6);
    expect(marks.slice(1, -1).every((group) => group.length >= 3)).toBe(true);
  });

  test("messages the mark does not confirm are not sent", async () => {
    const sent: number[] = [];
    await handOver({ limit: 5, take: windows(23, 7).take, mark: async (group) => group.filter((item) => item % 2 === 0), send: async (item) => void sent.push(item) });
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
  });

  test("a failing mark stops the handoff after the messages on the wire are answered", async () => {
    let marks = 0;
    const answered: number[] = [];
    const done = handOver({
      limit: 3,
      take: windows(20, 10).take,
      mark: async (group) => {
        marks += 1;
        if (marks === 2) throw new Error("database gone");
        return group;
      },
      send: async (item) => {
        await sleep(5);
        answered.push(item);
      },
    });
    await expect(done).rejects.toThrow("database gone");
    expect(answered.sort()).toEqual([0, 1, 2]);
    expect(marks).toBe(2);
  });
});
